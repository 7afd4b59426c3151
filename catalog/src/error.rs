use serde::{Deserialize, Serialize};

/// What can go wrong with the catalog. Serializable, so the studio shows it as is.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum CatalogError {
    #[error("the catalog file could not be used: {0}")]
    Io(String),
    #[error("the database failed: {0}")]
    Database(String),
    #[error("the catalog was written by a newer studio (schema {found}; this one knows up to {supported}); it was left untouched")]
    NewerSchema {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        found: i64,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        supported: i64,
    },
    #[error("there is no bookmark {0}")]
    NoSuchBookmark(#[cfg_attr(feature = "ts", ts(type = "number"))] i64),
    #[error("there is no scan {0}")]
    NoSuchScan(#[cfg_attr(feature = "ts", ts(type = "number"))] i64),
    /// One bookmark per seed: edit the existing one instead.
    #[error("seed {seed} is already bookmarked (bookmark {id}); edit that bookmark instead")]
    AlreadyBookmarked {
        seed: u32,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        id: i64,
    },
    #[error("{0}")]
    Invalid(String),
}

impl From<rusqlite::Error> for CatalogError {
    fn from(e: rusqlite::Error) -> Self {
        match e {
            // A value read back that does not fit its type: the file holds data
            // this code never wrote. Reported, never trusted.
            rusqlite::Error::IntegralValueOutOfRange(column, value) => {
                CatalogError::Database(format!(
                    "the catalog holds damaged data: {value} is out of range in column {column}"
                ))
            }
            rusqlite::Error::FromSqlConversionFailure(column, _, reason) => CatalogError::Database(
                format!("the catalog holds damaged data in column {column}: {reason}"),
            ),
            rusqlite::Error::InvalidColumnType(column, name, kind) => CatalogError::Database(
                format!("the catalog holds damaged data: column {column} ({name}) holds {kind}"),
            ),
            e => CatalogError::Database(e.to_string()),
        }
    }
}

impl CatalogError {
    /// A row read back that breaks the catalog's own rules.
    pub(crate) fn damaged(what: impl std::fmt::Display) -> Self {
        CatalogError::Database(format!("the catalog holds damaged data: {what}"))
    }
}

impl From<std::io::Error> for CatalogError {
    fn from(e: std::io::Error) -> Self {
        CatalogError::Io(e.to_string())
    }
}
