//! A [`Drawing`] as a standalone SVG document, written with the `svg` crate.

use super::{fmt_number, Drawing, Mark, Shape};
use svg::node::element::{Element, Style};
use svg::node::Text;
use svg::{Document, Node};

fn element(shape: &Shape) -> Element {
    let mut node = Element::new(shape.tag);
    for (name, value) in &shape.attrs {
        node.assign(*name, value.as_str());
    }
    if let Some(text) = &shape.text {
        node.append(Text::new(text.as_str()));
    }
    for child in &shape.children {
        node.append(element(child));
    }
    node
}

fn layer(class: &str) -> Element {
    let mut g = Element::new("g");
    g.assign("class", class);
    g
}

impl Drawing {
    /// The picture as a standalone SVG document: `stylesheet` (the web app's `board.css`) is
    /// embedded, `marks` highlight cells, `arrow` joins two cells (a move's start and end), and
    /// every piece is drawn from its glyph.
    pub fn to_svg(&self, stylesheet: &str, marks: &[Mark], arrow: Option<(&str, &str)>) -> String {
        let [x, y, w, h] = self.view_box;
        let mut background = layer("layer-bg");
        for shape in &self.background {
            background.append(element(shape));
        }
        let mut under = layer("layer-under");
        for mark in marks {
            if let Some(cell) = self.cell(&mark.cell) {
                let shape = cell.shape.clone().class(&format!("mark-{}", mark.kind));
                under.append(element(&shape));
            }
        }
        let mut pieces = layer("layer-pieces");
        for piece in &self.pieces {
            let (Some(cell), Some(glyph)) = (self.cell(&piece.cell), self.glyphs.get(&piece.glyph)) else {
                continue;
            };
            let [cx, cy] = cell.center;
            let mut g = element(glyph);
            g.assign("transform", format!("translate({},{})", fmt_number(cx), fmt_number(cy)));
            pieces.append(g);
        }
        let mut over = layer("layer-over");
        if let Some((from, to)) = arrow {
            if let (Some(a), Some(b)) = (self.cell(from), self.cell(to)) {
                for shape in arrow_shapes(a.center, b.center, self.unit) {
                    over.append(element(&shape));
                }
            }
        }
        Document::new()
            .set(
                "viewBox",
                format!(
                    "{} {} {} {}",
                    fmt_number(x),
                    fmt_number(y),
                    fmt_number(w),
                    fmt_number(h)
                ),
            )
            .set("width", fmt_number(w / 2.0))
            .set("height", fmt_number(h / 2.0))
            .set("class", "board board-doc")
            .add(Style::new(stylesheet))
            .add(background)
            .add(under)
            .add(pieces)
            .add(over)
            .to_string()
            + "\n"
    }
}

/// An arrow from one point to another, its head short of the end so that the piece stays visible.
fn arrow_shapes([x1, y1]: [f64; 2], [x2, y2]: [f64; 2], unit: f64) -> Vec<Shape> {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return Vec::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let tip = (x2 - ux * unit * 0.3, y2 - uy * unit * 0.3);
    let base = (tip.0 - ux * unit * 0.25, tip.1 - uy * unit * 0.25);
    let wing = unit * 0.14;
    let n = fmt_number;
    vec![
        Shape::path(format!("M{},{} L{},{}", n(x1), n(y1), n(base.0), n(base.1))).class("mark-arrow"),
        Shape::path(format!(
            "M{},{} L{},{} L{},{} Z",
            n(tip.0),
            n(tip.1),
            n(base.0 - uy * wing),
            n(base.1 + ux * wing),
            n(base.0 + uy * wing),
            n(base.1 - ux * wing)
        ))
        .class("mark-arrow-head"),
    ]
}
