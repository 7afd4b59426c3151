//! Rows as Arrow-layout column buffers, for `scan_columns`.

use contraption::SeedSummary;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::refused;

/// Rows as Arrow-layout column buffers (little-endian; offsets i32), built as
/// the rows are summarised so nothing row-shaped is kept.
#[derive(Default)]
pub(crate) struct Columns {
    len: usize,
    seed: Vec<u8>,
    rules_version: Vec<u8>,
    shipped_offsets: Vec<u8>,
    shipped_data: Vec<u8>,
    attempts: Vec<u8>,
    fallback_bits: Vec<u8>,
    pre_solved: Vec<u8>,
    solving: Vec<u8>,
    mask_offsets: Vec<u8>,
    mask_data: Vec<u8>,
    walls: Vec<u8>,
    ramp: Vec<u8>,
    fan: Vec<u8>,
    bumper: Vec<u8>,
    gear: Vec<u8>,
    hash_offsets: Vec<u8>,
    hash_data: Vec<u8>,
}

impl Columns {
    pub(crate) fn new() -> Self {
        let mut c = Columns::default();
        for offsets in [
            &mut c.shipped_offsets,
            &mut c.mask_offsets,
            &mut c.hash_offsets,
        ] {
            offsets.extend_from_slice(&0i32.to_le_bytes());
        }
        c
    }

    pub(crate) fn offset(data: &[u8]) -> PyResult<[u8; 4]> {
        i32::try_from(data.len())
            .map(i32::to_le_bytes)
            .map_err(|_| refused("too many rows for one table; scan a smaller range"))
    }

    pub(crate) fn push(&mut self, r: &SeedSummary) -> PyResult<()> {
        let u32s = [
            (&mut self.seed, r.seed),
            (&mut self.rules_version, r.rules_version),
            (&mut self.attempts, r.attempts),
            (&mut self.pre_solved, r.pre_solved),
            (&mut self.solving, r.solving),
            (&mut self.walls, r.walls),
            (&mut self.ramp, r.inventory.ramp),
            (&mut self.fan, r.inventory.fan),
            (&mut self.bumper, r.inventory.bumper),
            (&mut self.gear, r.inventory.gear),
        ];
        for (column, value) in u32s {
            column.extend_from_slice(&value.to_le_bytes());
        }
        if self.len.is_multiple_of(8) {
            self.fallback_bits.push(0);
        }
        if r.fallback {
            *self.fallback_bits.last_mut().expect("pushed above") |= 1 << (self.len % 8);
        }
        self.shipped_data
            .extend_from_slice(r.shipped.name().as_bytes());
        self.shipped_offsets
            .extend_from_slice(&Self::offset(&self.shipped_data)?);
        self.mask_data.extend_from_slice(&r.solving_mask);
        self.mask_offsets
            .extend_from_slice(&Self::offset(&self.mask_data)?);
        self.hash_data.extend_from_slice(r.level_hash.as_bytes());
        self.hash_offsets
            .extend_from_slice(&Self::offset(&self.hash_data)?);
        self.len += 1;
        Ok(())
    }

    pub(crate) fn into_dict<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("len", self.len)?;
        let buffers: [(&str, Vec<u8>); 17] = [
            ("seed", self.seed),
            ("rules_version", self.rules_version),
            ("shipped_offsets", self.shipped_offsets),
            ("shipped_data", self.shipped_data),
            ("attempts", self.attempts),
            ("fallback_bits", self.fallback_bits),
            ("pre_solved", self.pre_solved),
            ("solving", self.solving),
            ("mask_offsets", self.mask_offsets),
            ("mask_data", self.mask_data),
            ("walls", self.walls),
            ("ramp", self.ramp),
            ("fan", self.fan),
            ("bumper", self.bumper),
            ("gear", self.gear),
            ("hash_offsets", self.hash_offsets),
            ("hash_data", self.hash_data),
        ];
        for (name, bytes) in buffers {
            d.set_item(name, PyBytes::new(py, &bytes))?;
        }
        Ok(d)
    }
}
