//! Bounded reads: a file or standard input is read only up to a limit fixed before
//! the first byte, and only from a regular file (or a pipe for `-`), so `/dev/zero`
//! cannot take all memory and a FIFO with no writer cannot hang the reader.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why an input could not be read. The message names the path.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{path} is {kind}, not a regular file; give the path of a file")]
    NotARegularFile { path: PathBuf, kind: &'static str },
    #[error("{path} is larger than {limit} bytes, the most accepted here; it was not read")]
    TooLarge { path: PathBuf, limit: u64 },
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// What a file-system entry is, in words ("a directory", "a FIFO (named pipe)").
pub fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_file() {
        return "a regular file";
    }
    if t.is_dir() {
        return "a directory";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Reads the whole of the regular file at `path` (a symbolic link to one is
/// followed), refusing it without reading when it is larger than `limit` bytes or
/// is not a regular file. Never blocks on a FIFO: the type is checked before the
/// file is opened, the open does not wait for a writer, and the opened file is
/// checked again (it may have been swapped in between).
pub fn read_file_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_owned(),
        source,
    };
    let check = |meta: &Metadata| -> Result<(), ReadError> {
        if !meta.is_file() {
            return Err(ReadError::NotARegularFile {
                path: path.to_owned(),
                kind: kind_of(meta),
            });
        }
        if meta.len() > limit {
            return Err(ReadError::TooLarge {
                path: path.to_owned(),
                limit,
            });
        }
        Ok(())
    };
    check(&std::fs::metadata(path).map_err(io)?)?;
    let file = open_without_blocking(path).map_err(io)?;
    check(&file.metadata().map_err(io)?)?;
    read_limited(file, limit, path)
}

/// Reads standard input up to `limit` bytes; more is refused (after reading
/// `limit + 1` bytes, never more).
pub fn read_stdin_bounded(limit: u64) -> Result<Vec<u8>, ReadError> {
    read_limited(std::io::stdin().lock(), limit, Path::new("standard input"))
}

/// Reads `reader` to its end, refusing it once it holds more than `limit` bytes.
pub fn read_limited(reader: impl Read, limit: u64, name: &Path) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| ReadError::Io {
            path: name.to_owned(),
            source,
        })?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: name.to_owned(),
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: opening a FIFO does not wait for a writer. On a regular file it
    // changes nothing.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn reads_a_file_within_the_limit_and_refuses_a_longer_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.json");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_file_bounded(&path, 10).unwrap(), b"0123456789");
        let err = read_file_bounded(&path, 9).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { limit: 9, .. }), "{err}");
    }

    #[test]
    fn a_symbolic_link_to_a_file_is_followed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.json");
        std::fs::write(&path, b"{}").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        assert_eq!(read_file_bounded(&link, 100).unwrap(), b"{}");
    }

    #[test]
    fn refuses_directories_devices_and_fifos_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        rustix::fs::mkfifoat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
        )
        .unwrap();
        // No writer ever opens the FIFO: a blocking open would never return.
        for (path, kind) in [
            (fifo.as_path(), "FIFO"),
            (dir.path(), "directory"),
            (Path::new("/dev/zero"), "character device"),
        ] {
            let err = read_file_bounded(path, 1 << 16).unwrap_err();
            assert!(
                matches!(err, ReadError::NotARegularFile { .. }) && err.to_string().contains(kind),
                "{err}"
            );
        }
    }

    #[test]
    fn an_endless_stream_is_cut_at_the_limit() {
        let endless = std::io::repeat(b'x');
        let err = read_limited(endless, 1 << 16, Path::new("standard input")).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { .. }), "{err}");
        let short = read_limited(&b"abc"[..], 3, Path::new("-")).unwrap();
        assert_eq!(short, b"abc");
    }
}
