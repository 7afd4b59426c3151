//! Drawing the figure's cells and text on a pixmap (text through
//! embedded-graphics' mono fonts, ASCII only).

use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Point, RgbColor, Size};
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};
use embedded_graphics::{Drawable, Pixel};
use tiny_skia::{Paint, Pixmap, PremultipliedColorU8, Rect, Transform};

use super::rgb;

pub(super) struct Target<'a>(&'a mut Pixmap);

impl OriginDimensions for Target<'_> {
    fn size(&self) -> Size {
        Size::new(self.0.width(), self.0.height())
    }
}

impl DrawTarget for Target<'_> {
    type Color = Rgb888;
    type Error = std::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        let (w, h) = (self.0.width() as i32, self.0.height() as i32);
        let data = self.0.pixels_mut();
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && p.x < w && p.y < h {
                data[(p.y * w + p.x) as usize] =
                    PremultipliedColorU8::from_rgba(c.r(), c.g(), c.b(), 255).expect("opaque");
            }
        }
        Ok(())
    }
}

fn rgb888(hex: &str) -> Rgb888 {
    let [r, g, b] = rgb(hex);
    Rgb888::new(r, g, b)
}

pub(crate) struct Painter {
    pub(crate) pixmap: Pixmap,
}

impl Painter {
    pub(crate) fn rect(&mut self, [x0, y0, x1, y1]: [u32; 4], c: [u8; 3]) {
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let mut paint = Paint::default();
        paint.set_color_rgba8(c[0], c[1], c[2], 255);
        paint.anti_alias = false;
        let r = Rect::from_ltrb(x0 as f32, y0 as f32, x1 as f32, y1 as f32).expect("a rectangle");
        self.pixmap
            .fill_rect(r, &paint, Transform::identity(), None);
    }

    pub(crate) fn text(
        &mut self,
        s: &str,
        x: i32,
        y: i32,
        font: &MonoFont<'_>,
        hex: &str,
        align: Alignment,
    ) {
        let ascii: String = s
            .chars()
            .map(|c| {
                if c.is_ascii_graphic() || c == ' ' {
                    c
                } else {
                    '?'
                }
            })
            .collect();
        let style = MonoTextStyle::new(font, rgb888(hex));
        let ts = TextStyleBuilder::new()
            .alignment(align)
            .baseline(Baseline::Top)
            .build();
        Text::with_text_style(&ascii, Point::new(x, y), style, ts)
            .draw(&mut Target(&mut self.pixmap))
            .expect("drawing on a pixmap cannot fail");
    }
}
