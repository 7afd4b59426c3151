//! The studio as the Debian package installs it. `scripts/package-check.sh` installs
//! the package and runs this test against the installed binaries:
//!
//! ```sh
//! STUDIO_BIN=/usr/bin/contraption-studio CLI_BIN=/usr/bin/contraption \
//!   cargo test --release -p contraption-e2e --test installed -- --ignored
//! ```
//!
//! It is ignored in the plain e2e run, which tests the binaries in target/release.

use contraption_e2e::{binary, cli_json, Studio};

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs the installed package: scripts/package-check.sh runs it with --ignored"]
async fn the_installed_studio_opens_on_the_daily_seed() {
    // Both binaries come from the package, not from target/release.
    for var in ["STUDIO_BIN", "CLI_BIN"] {
        let path = std::env::var(var)
            .unwrap_or_else(|_| panic!("set {var} to the installed binary (/usr/bin/...)"));
        assert!(
            path.starts_with("/usr/bin/"),
            "{var}={path} is not an installed binary"
        );
    }
    let studio_bin = binary("STUDIO_BIN", "contraption-studio");
    let today = cli_json(&["daily", "--json"]);
    let seed = today["seed"].as_u64().expect("the daily seed");
    let key = today["key"].as_str().expect("the daily key").to_owned();

    let studio = Studio::launch().await;
    studio.wait_seed(seed).await;
    let shown = studio
        .eval("document.getElementById('seed-input').value")
        .await;
    assert_eq!(
        shown.as_str(),
        Some(key.as_str()),
        "{} opens on today's daily key",
        studio_bin.display()
    );
    studio.screenshot("installed-daily").await;
    studio.close().await;
}
