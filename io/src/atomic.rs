//! Atomic file writes: a crash or a full disk never leaves half a file where a good
//! one was, and only a regular file (or nothing) is ever replaced.
//!
//! Symbolic links are followed: writing to a link to a regular file replaces that
//! file (atomically, in its own directory) and leaves the link pointing at it, as
//! an editor saving through a link does. A dangling link is refused, since the
//! file it would create could be anywhere. Directories, FIFOs, devices and sockets
//! are refused: a rename would silently replace them with a regular file (as root,
//! `-o /dev/null` would replace the system's).

use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be written. The message names the path.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{0} is not a file name")]
    NotAFileName(PathBuf),
    #[error("{path} is {kind}; only a regular file is replaced, so give the path of a file")]
    NotAPlainFile { path: PathBuf, kind: &'static str },
    #[error("{0} is a symbolic link to nothing; give the path of a file")]
    DanglingLink(PathBuf),
    #[error("{path} is the {input} this command reads; write the output to another file")]
    OverAnInput { path: PathBuf, input: String },
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl WriteError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
        move |source| WriteError::Io {
            path: path.to_owned(),
            source,
        }
    }
}

/// Where a write to `path` lands: `path` itself when it is a regular file or does
/// not exist yet; the file a symbolic link leads to when it is a regular file.
/// Anything else (a directory, FIFO, device, socket, a dangling link) is refused.
pub fn output_target(path: &Path) -> Result<PathBuf, WriteError> {
    if path.file_name().is_none() {
        return Err(WriteError::NotAFileName(path.to_owned()));
    }
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_owned()),
        Err(source) => {
            return Err(WriteError::Io {
                path: path.to_owned(),
                source,
            })
        }
    };
    let (target, meta) = if meta.file_type().is_symlink() {
        match fs::canonicalize(path) {
            Ok(target) => {
                let meta = fs::metadata(&target).map_err(WriteError::io(&target))?;
                (target, meta)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(WriteError::DanglingLink(path.to_owned()))
            }
            Err(source) => {
                return Err(WriteError::Io {
                    path: path.to_owned(),
                    source,
                })
            }
        }
    } else {
        (path.to_owned(), meta)
    };
    if !meta.is_file() {
        return Err(WriteError::NotAPlainFile {
            path: target,
            kind: crate::read::kind_of(&meta),
        });
    }
    Ok(target)
}

/// Writes `bytes` to `path` through a temporary sibling (`.<name>.<pid>.tmp`),
/// flushed to disk before it is renamed over `path`, so readers see either the old
/// file or the whole new one. The temporary file is removed if anything fails.
/// `path` must be a regular file, a link to one, or not exist (see
/// [`output_target`]); a replaced file keeps its permissions.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_atomically_apart_from(path, bytes, &[])
}

/// As [`write_atomically`], refusing to write over one of the command's own
/// `inputs` (see [`AtomicFile::create_apart_from`]).
pub fn write_atomically_apart_from(
    path: &Path,
    bytes: &[u8],
    inputs: &[(&str, &Path)],
) -> Result<(), WriteError> {
    let mut file = AtomicFile::create_apart_from(path, inputs)?;
    file.write_all(bytes).map_err(|e| file.error(e))?;
    file.commit()
}

/// A file written whole or not at all, streamed: bytes go to a temporary sibling
/// (`.<name>.<pid>.tmp`, through a buffer), and [`AtomicFile::commit`] flushes it
/// to disk and renames it over the target, so readers see either the old file or
/// the whole new one. Dropped without a commit (an error, a cancel), the
/// temporary file is removed and the target is left as it was. Errors of
/// [`Write`] name the file.
pub struct AtomicFile {
    target: PathBuf,
    tmp: PathBuf,
    writer: Option<BufWriter<File>>,
    kept_permissions: Option<fs::Permissions>,
}

impl AtomicFile {
    /// Starts a write to `path`, which must be a regular file, a link to one, or
    /// not exist (see [`output_target`]).
    pub fn create(path: &Path) -> Result<AtomicFile, WriteError> {
        Self::create_apart_from(path, &[])
    }

    /// As [`AtomicFile::create`], refusing a target that is one of the command's
    /// own `inputs` (named, e.g. `("rules B", path)`): the same file through any
    /// path or link, so an output never replaces what the command reads.
    pub fn create_apart_from(
        path: &Path,
        inputs: &[(&str, &Path)],
    ) -> Result<AtomicFile, WriteError> {
        let target = output_target(path)?;
        if let Ok(out) = fs::metadata(&target) {
            for &(name, input) in inputs {
                if fs::metadata(input).is_ok_and(|m| same_file(&m, &out)) {
                    return Err(WriteError::OverAnInput {
                        path: path.to_owned(),
                        input: name.to_owned(),
                    });
                }
            }
        }
        let name = target
            .file_name()
            .ok_or_else(|| WriteError::NotAFileName(path.to_owned()))?;
        let tmp = target.with_file_name(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let kept_permissions = fs::metadata(&target).ok().map(|m| m.permissions());
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(WriteError::io(&target))?;
        Ok(AtomicFile {
            target,
            tmp,
            writer: Some(BufWriter::new(file)),
            kept_permissions,
        })
    }

    /// The file this write replaces (a link's target, when given a link).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// An I/O error of this write as a [`WriteError`] naming the file.
    pub fn error(&self, source: std::io::Error) -> WriteError {
        WriteError::Io {
            path: self.target.clone(),
            source,
        }
    }

    /// Flushes everything to disk and renames the temporary file over the target.
    pub fn commit(mut self) -> Result<(), WriteError> {
        let writer = self.writer.take().expect("not committed yet");
        let file = writer
            .into_inner()
            .map_err(|e| WriteError::io(&self.target)(e.into_error()))?;
        if let Some(permissions) = self.kept_permissions.take() {
            file.set_permissions(permissions)
                .map_err(WriteError::io(&self.target))?;
        }
        file.sync_all().map_err(WriteError::io(&self.target))?;
        drop(file);
        fs::rename(&self.tmp, &self.target).map_err(WriteError::io(&self.target))?;
        sync_parent(&self.target);
        Ok(())
    }

    fn named(&self, e: std::io::Error) -> std::io::Error {
        std::io::Error::new(
            e.kind(),
            format!("cannot write {}: {e}", self.target.display()),
        )
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let writer = self.writer.as_mut().expect("not committed yet");
        match writer.write(buf) {
            Ok(n) => Ok(n),
            Err(e) => Err(self.named(e)),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let writer = self.writer.as_mut().expect("not committed yet");
        match writer.flush() {
            Ok(()) => Ok(()),
            Err(e) => Err(self.named(e)),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// Makes the rename itself durable where the platform allows it.
fn sync_parent(path: &Path) {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(parent) {
        let _ = dir.sync_all();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.json");
        write_atomically(&path, b"first").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"first");
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second, longer");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("level.json")]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_litter() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keep.json");
        fs::write(&path, b"old").unwrap();
        // A directory where the file should go cannot be replaced by a rename.
        let blocked = dir.path().join("blocked");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), b"x").unwrap();
        let err = write_atomically(&blocked, b"new").unwrap_err();
        assert!(err.to_string().contains("blocked"), "{err}");
        assert!(matches!(err, WriteError::NotAPlainFile { .. }), "{err}");
        assert_eq!(fs::read(blocked.join("inside")).unwrap(), b"x");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let litter: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(litter.is_empty(), "{litter:?}");
    }

    #[test]
    fn refuses_a_path_without_a_file_name() {
        assert!(matches!(
            write_atomically(Path::new("/"), b"x"),
            Err(WriteError::NotAFileName(_))
        ));
    }

    fn tmp_litter(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn refuses_fifos_and_devices_and_leaves_them_alone() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        rustix::fs::mkfifoat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
        )
        .unwrap();
        let err = write_atomically(&fifo, b"x").unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        // /dev/null itself: refused before anything is written next to it.
        let err = output_target(Path::new("/dev/null")).unwrap_err();
        assert!(err.to_string().contains("character device"), "{err}");
        // A link to a device is refused as the device.
        let link = dir.path().join("null-link");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        let err = write_atomically(&link, b"x").unwrap_err();
        assert!(err.to_string().contains("character device"), "{err}");
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(tmp_litter(dir.path()).is_empty());
    }

    #[test]
    fn a_link_to_a_file_replaces_the_file_and_stays_a_link() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        fs::create_dir(&real_dir).unwrap();
        let target = real_dir.join("level.json");
        fs::write(&target, b"old").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(
            fs::metadata(&target).unwrap().permissions().mode() & 0o777,
            0o600,
            "the replaced file keeps its permissions"
        );
        // A dangling link is refused and stays as it was.
        let dangling = dir.path().join("dangling.json");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        let err = write_atomically(&dangling, b"x").unwrap_err();
        assert!(matches!(err, WriteError::DanglingLink(_)), "{err}");
        assert!(!dir.path().join("nowhere").exists());
        assert!(tmp_litter(dir.path()).is_empty() && tmp_litter(&real_dir).is_empty());
    }
}
