//! The SVG element tree that game crates draw their boards into.

use serde::Serialize;
use std::collections::BTreeMap;

/// One SVG element: a tag, its attributes, its text and, for groups, its children.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shape {
    /// The SVG tag: `path`, `circle`, `rect`, `line`, `polygon`, `text` or `g`.
    pub tag: &'static str,
    /// Attributes by name, numbers already formatted.
    pub attrs: BTreeMap<&'static str, String>,
    /// The text of a `text` element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The children of a group.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<Shape>,
}

/// A number as SVG wants it: at most two decimals, no trailing zeros (stable across platforms).
pub fn fmt_number(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl Shape {
    /// An element without attributes.
    pub fn new(tag: &'static str) -> Shape {
        Shape {
            tag,
            attrs: BTreeMap::new(),
            text: None,
            children: Vec::new(),
        }
    }

    /// Sets an attribute.
    pub fn attr(mut self, name: &'static str, value: impl Into<String>) -> Shape {
        self.attrs.insert(name, value.into());
        self
    }

    /// Sets a numeric attribute.
    pub fn num(self, name: &'static str, value: f64) -> Shape {
        self.attr(name, fmt_number(value))
    }

    /// Sets the CSS class.
    pub fn class(self, class: &str) -> Shape {
        self.attr("class", class)
    }

    /// A circle.
    pub fn circle(cx: f64, cy: f64, r: f64) -> Shape {
        Shape::new("circle").num("cx", cx).num("cy", cy).num("r", r)
    }

    /// A rectangle.
    pub fn rect(x: f64, y: f64, width: f64, height: f64) -> Shape {
        Shape::new("rect")
            .num("x", x)
            .num("y", y)
            .num("width", width)
            .num("height", height)
    }

    /// A path from its `d` attribute.
    pub fn path(d: impl Into<String>) -> Shape {
        Shape::new("path").attr("d", d)
    }

    /// A line.
    pub fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> Shape {
        Shape::new("line")
            .num("x1", x1)
            .num("y1", y1)
            .num("x2", x2)
            .num("y2", y2)
    }

    /// Text centred on a point.
    pub fn text(x: f64, y: f64, content: impl Into<String>) -> Shape {
        let mut shape = Shape::new("text")
            .num("x", x)
            .num("y", y)
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central");
        shape.text = Some(content.into());
        shape
    }

    /// A group of shapes.
    pub fn group(children: Vec<Shape>) -> Shape {
        let mut shape = Shape::new("g");
        shape.children = children;
        shape
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(fmt_number(1.0), "1");
        assert_eq!(fmt_number(-0.001), "0");
        assert_eq!(fmt_number(12.345_6), "12.35");
        assert_eq!(fmt_number(-3.5), "-3.5");
    }

    #[test]
    fn shapes_serialise_as_the_web_app_reads_them() {
        let shape = Shape::group(vec![Shape::circle(1.0, 2.0, 3.5).class("hole")]);
        let json = serde_json::to_value(&shape).expect("serialises");
        assert_eq!(json["tag"], "g");
        assert_eq!(json["children"][0]["attrs"]["r"], "3.5");
        assert_eq!(json["children"][0]["attrs"]["class"], "hole");
        assert!(json.get("text").is_none());
    }
}
