//! The page is built from the UI (scripts/build-web.sh: the engine for
//! wasm32-unknown-unknown, then `npm run build:web`); without it this crate
//! cannot be built, and says how to make it.

use std::path::Path;

fn main() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/dist-web/player.html");
    println!("cargo:rerun-if-changed={}", page.display());
    if !page.is_file() {
        panic!(
            "the web player's page {} is missing: run `bash scripts/build-web.sh` (scripts/setup.sh does) and build again",
            page.display()
        );
    }
}
