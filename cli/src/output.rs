//! Standard output: buffered, written as a command goes, so long output streams.

use std::io::{BufWriter, Stdout, Write};

use anyhow::Result;
use serde::Serialize;

/// Where a command's results go (stdout, buffered).
pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    pub fn stdout() -> Self {
        Self {
            inner: BufWriter::new(std::io::stdout()),
        }
    }

    /// Pretty JSON and a final newline.
    pub fn json(&mut self, value: &impl Serialize) -> Result<()> {
        serde_json::to_writer_pretty(&mut self.inner, value)?;
        self.inner.write_all(b"\n")?;
        Ok(())
    }

    /// Text as is.
    pub fn text(&mut self, text: &str) -> Result<()> {
        self.inner.write_all(text.as_bytes())?;
        Ok(())
    }

    pub fn flush(&mut self) -> Result<()> {
        self.inner.flush()?;
        Ok(())
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
