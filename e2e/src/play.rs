//! What the play-window tests do in a play window, on top of the shared harness:
//! open it from the inspector, drag parts from the tray onto the field, press keys.

use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};

use crate::Studio;

/// How long the play window may take to answer (it shares two loaded cores).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// What the play tests do in the play window, on top of the shared harness.
#[allow(async_fn_in_trait)] // used by the test crates only, on the multi-threaded runtime
pub trait PlayWindow {
    async fn wait(&self, expr: &str, what: &str);
    async fn field_offset(&self, x: f64, y: f64) -> (i64, i64);
    async fn press_on_tray(&self, part: &str) -> MouseActions;
    async fn drag_from_tray(&self, part: &str, x: f64, y: f64, drop: bool);
    async fn drag_around(&self, part: &str);
    async fn release(&self);
    async fn placements(&self) -> usize;
    async fn key(&self, keys: &str);
    async fn place_hint(&self);
}

impl PlayWindow for Studio {
    async fn wait(&self, expr: &str, what: &str) {
        self.wait_for_within(expr, what, PATIENCE).await;
    }

    /// The canvas offset (from its centre, as W3C pointer actions want it) of field point (x, y).
    /// (Waits first for the field to be fitted to its box: after a resize its view is
    /// the old size's until the next frame.)
    async fn field_offset(&self, x: f64, y: f64) -> (i64, i64) {
        self.wait(crate::FIELDS_FITTED, "the field fitted to its box")
            .await;
        let v = self
            .eval(
                "(() => { const c = document.getElementById('play-canvas'); \
                 return [Number(c.dataset.scale), Number(c.dataset.ox), Number(c.dataset.oy), c.clientWidth, c.clientHeight]; })()",
            )
            .await;
        let n = |i: usize| v[i].as_f64().unwrap();
        let (scale, ox, oy, w, h) = (n(0), n(1), n(2), n(3), n(4));
        (
            (ox + x * scale - w / 2.0).round() as i64,
            (oy + y * scale - h / 2.0).round() as i64,
        )
    }

    /// The pointer moved onto the tray's `part` and pressed there.
    async fn press_on_tray(&self, part: &str) -> MouseActions {
        let item = self.find(&format!(".tray-item[data-part='{part}']")).await;
        MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element: item,
                duration: Some(Duration::from_millis(30)),
                x: 0,
                y: 0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
    }

    /// Presses on the tray's `part`, moves to field point (x, y) and, when `drop`, releases there.
    async fn drag_from_tray(&self, part: &str, x: f64, y: f64, drop: bool) {
        let canvas = self.find("#play-canvas").await;
        let (dx, dy) = self.field_offset(x, y).await;
        let mut actions = self
            .press_on_tray(part)
            .await
            .then(PointerAction::MoveToElement {
                element: canvas.clone(),
                duration: Some(Duration::from_millis(250)),
                x: dx - 40,
                y: dy - 30,
            })
            .then(PointerAction::MoveToElement {
                element: canvas,
                duration: Some(Duration::from_millis(150)),
                x: dx,
                y: dy,
            });
        if drop {
            actions = actions.then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        }
        self.client
            .perform_actions(actions)
            .await
            .expect("drag from the tray");
        if drop {
            let _ = self.client.release_actions().await;
        }
    }

    /// Drags a `part` from the tray in a loop over the field for about two
    /// seconds (40 pointer moves), then drops it there (placed or refused).
    async fn drag_around(&self, part: &str) {
        let canvas = self.find("#play-canvas").await;
        let mut actions = self.press_on_tray(part).await;
        for i in 0..40 {
            let a = f64::from(i) / 40.0 * std::f64::consts::TAU;
            let (x, y) = self
                .field_offset(50.0 + 30.0 * a.cos(), 75.0 + 50.0 * a.sin())
                .await;
            actions = actions.then(PointerAction::MoveToElement {
                element: canvas.clone(),
                duration: Some(Duration::from_millis(50)),
                x,
                y,
            });
        }
        actions = actions.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client
            .perform_actions(actions)
            .await
            .expect("drag around the field");
        let _ = self.client.release_actions().await;
    }

    /// Releases the mouse button where the pointer is.
    async fn release(&self) {
        let up = MouseActions::new("mouse".into()).then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client.perform_actions(up).await.expect("release");
        let _ = self.client.release_actions().await;
    }

    /// How many ramps are on the field (granted − left in the tray).
    async fn placements(&self) -> usize {
        self.eval("document.querySelectorAll('.tray-item').length ? Number(document.querySelector(\".tray-item[data-part='ramp']\").dataset.granted) - Number(document.querySelector(\".tray-item[data-part='ramp']\").dataset.remaining) : -1")
            .await
            .as_i64()
            .unwrap() as usize
    }

    /// Shows the first hint, asks for its two further stages, and places it (the part panel then shows it).
    async fn place_hint(&self) {
        self.click("#play-hint").await;
        for stage in [2, 3] {
            self.click("#hint-more").await;
            self.wait(
                &format!("document.getElementById('hint-panel').dataset.stage === '{stage}'"),
                "the next stage of the hint",
            )
            .await;
        }
        self.click("#hint-place").await;
        self.wait(
            "!document.getElementById('part-panel').hidden",
            "the hint placed",
        )
        .await;
    }

    /// Sends keys to the field's canvas.
    async fn key(&self, keys: &str) {
        self.find("#play-canvas")
            .await
            .send_keys(keys)
            .await
            .expect("send keys");
    }
}

/// Opens the play window of the inspector's current seed and switches to it.
pub async fn open_play(s: &Studio, seed: u64) {
    let input = s.find("#seed-input").await;
    input.clear().await.unwrap();
    input.send_keys(&seed.to_string()).await.unwrap();
    s.click("#seed-go").await;
    s.wait(
        &format!(
            "document.body.dataset.state === 'ready' && document.body.dataset.seed === '{seed}'"
        ),
        "the inspector on the seed",
    )
    .await;
    let main = s.client.window().await.unwrap();
    s.click("#seed-play").await;
    let start = Instant::now();
    let play = loop {
        let handles = s.client.windows().await.unwrap();
        if let Some(h) = handles.into_iter().find(|h| *h != main) {
            break h;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the play window did not open"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    s.client.switch_to_window(play).await.unwrap();
    s.wait(
        &format!("document.body.dataset.seed === '{seed}' && document.body.dataset.state === 'editing' && document.getElementById('play-canvas').dataset.scale"),
        "the play window's level",
    )
    .await;
}
