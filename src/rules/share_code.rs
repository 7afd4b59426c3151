//! The share code of a seed under the rules in force (default rules only).

use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::seed::share::{encode_share_code, ShareCode, ShareCodeError};

/// The share code of `seed` under `rules`, which must be the default rules.
pub fn share_code(rules: &ValidRules, seed: u32) -> Result<String, ShareCodeError> {
    if !rules.is_default() {
        return Err(ShareCodeError::CustomRules {
            rules_id: rules.id().to_owned(),
        });
    }
    encode_share_code(ShareCode {
        seed,
        rules_version: RULES_VERSION,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_default_rules_have_share_codes() {
        let v1 = ValidRules::default();
        assert_eq!(
            share_code(&v1, 42).unwrap(),
            encode_share_code(ShareCode {
                seed: 42,
                rules_version: 1
            })
            .unwrap()
        );
        let mut other = v1.rules().clone();
        other.generator.max_attempts = 1;
        let other = ValidRules::new(other).unwrap();
        let e = share_code(&other, 42).unwrap_err();
        assert_eq!(
            e,
            ShareCodeError::CustomRules {
                rules_id: other.id().to_owned()
            }
        );
        assert!(e.to_string().contains("level file"));
    }
}
