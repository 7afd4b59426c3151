//! Headless Chromium (Debian's `chromium`) through `chromedriver`, for the web
//! player's tests: a driver on a free port, a session (a desktop window or a
//! phone's screen), and the few steps a test takes in a page.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use crate::screenshot_dir;

/// How long a page may take to answer (it shares two loaded cores).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// chromedriver on a free port, stopped when dropped. It and every Chromium it
/// starts live in a throwaway home of their own (the XDG directories and the
/// browser's profile), removed when dropped: Chromium writes its crash reports
/// under `XDG_CONFIG_HOME` whatever its profile, and no test writes into the
/// user's directories (`scripts/test.sh` checks).
pub struct Driver {
    child: Child,
    port: u16,
    home: PathBuf,
}

impl Driver {
    pub fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let home = std::env::temp_dir().join(format!(
            "contraption-chromium-{}-{port}",
            std::process::id()
        ));
        let mut driver = Command::new("chromedriver");
        driver.arg(format!("--port={port}"));
        for (var, dir) in [
            ("HOME", "home"),
            ("XDG_CONFIG_HOME", "config"),
            ("XDG_CACHE_HOME", "cache"),
            ("XDG_DATA_HOME", "data"),
            ("XDG_STATE_HOME", "state"),
        ] {
            let path = home.join(dir);
            std::fs::create_dir_all(&path).expect("the browser's throwaway home");
            driver.env(var, path);
        }
        let child = driver
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver on the PATH (scripts/setup.sh installs chromium-driver)");
        Self { child, port, home }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// A headless Chromium session: a desktop window of `width` × `height`, or with
/// `phone` a phone's screen of that size (Chromium's device emulation, 3× pixels).
pub async fn browser(driver: &Driver, width: u32, height: u32, phone: bool) -> Client {
    let mut options = json!({
        "binary": "/usr/bin/chromium",
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-breakpad", "--disable-crash-reporter", "--no-first-run",
                 format!("--user-data-dir={}", driver.home.join("profile").display()),
                 format!("--window-size={width},{height}"), "--hide-scrollbars"],
    });
    if phone {
        options["mobileEmulation"] = json!({ "deviceMetrics": { "width": width, "height": height, "pixelRatio": 3.0, "touch": true } });
    }
    let caps = json!({ "browserName": "chrome", "goog:chromeOptions": options });
    let caps = caps.as_object().unwrap().clone();
    let start = Instant::now();
    loop {
        match ClientBuilder::native()
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(c) => {
                // The golden texts take seconds in the page (1,000 generations).
                let t =
                    TimeoutConfiguration::new(Some(Duration::from_secs(300)), Some(PATIENCE), None);
                c.update_timeouts(t).await.expect("set the script timeout");
                return c;
            }
            Err(e) if start.elapsed() < Duration::from_secs(20) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("no session with headless Chromium: {e}"),
        }
    }
}

/// The value of the expression `expr` in the page.
pub async fn eval(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return ({expr});"), vec![])
        .await
        .expect("run a script in the page")
}

/// Waits until `expr` is truthy in the page (at most [`PATIENCE`]), naming `what` if not.
pub async fn wait(c: &Client, expr: &str, what: &str) {
    let start = Instant::now();
    while eval(c, &format!("!!({expr})")).await != json!(true) {
        assert!(
            start.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for {what}; the page says: {}",
            eval(c, "document.body.innerText.slice(0, 600)").await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the element `css` once it is there and enabled.
pub async fn click(c: &Client, css: &str) {
    wait(
        c,
        &format!(
            "document.querySelector(\"{css}\") && !document.querySelector(\"{css}\").disabled"
        ),
        css,
    )
    .await;
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// A screenshot of the page, in `e2e/screenshots/NAME.png`.
pub async fn screenshot(c: &Client, name: &str) {
    tokio::time::sleep(Duration::from_millis(300)).await;
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}
