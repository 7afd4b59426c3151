//! Bounded reads: a user's file is never read past a limit, however large it is
//! or claims to be.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read. The message names the path.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// `size` is the file's length when the file system knows it, else the bytes
    /// read before the limit was passed (a lower bound).
    #[error("{path} is {size} bytes; at most {limit} are read")]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Reads the whole of `path` if it holds at most `limit` bytes. The length is
/// looked at before reading, and the read itself stops one byte past the limit,
/// so a file that grows or misreports its size is not read into memory either.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    let known = file.metadata().map_err(io)?.len();
    let too_large = |size| ReadError::TooLarge {
        path: path.to_owned(),
        size,
        limit,
    };
    if known > limit {
        return Err(too_large(known));
    }
    let mut bytes = Vec::with_capacity(known as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit_and_refuses_past_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_bounded(&path, 5).unwrap(), b"12345");
        match read_bounded(&path, 4) {
            Err(ReadError::TooLarge { size, limit, .. }) => assert_eq!((size, limit), (5, 4)),
            other => panic!("{other:?}"),
        }
        let err = read_bounded(&dir.path().join("missing"), 4).unwrap_err();
        assert!(matches!(err, ReadError::Io { .. }));
        assert!(err.to_string().contains("missing"), "{err}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_endless_file_stops_at_the_limit() {
        // /dev/zero reports length 0 and never ends.
        match read_bounded(Path::new("/dev/zero"), 1024) {
            Err(ReadError::TooLarge { size, .. }) => assert_eq!(size, 1025),
            other => panic!("{other:?}"),
        }
    }
}
