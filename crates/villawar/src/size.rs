//! The board size, Villawar's only variant option (`size=6|8|10`, 8 by default).

use arbiter_core::{Error, OptionMap, Variant};
use std::fmt;

/// One of the three board sizes the rules allow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 6×6, 12 pieces a side.
    Six,
    /// 8×8, 16 pieces a side (the designer's default).
    #[default]
    Eight,
    /// 10×10, 20 pieces a side.
    Ten,
}

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 3] = [Size::Six, Size::Eight, Size::Ten];

    /// The number of files (and ranks).
    pub const fn n(self) -> usize {
        match self {
            Size::Six => 6,
            Size::Eight => 8,
            Size::Ten => 10,
        }
    }

    /// The size with `n` files and ranks, if the rules allow it.
    pub const fn from_n(n: usize) -> Option<Size> {
        match n {
            6 => Some(Size::Six),
            8 => Some(Size::Eight),
            10 => Some(Size::Ten),
            _ => None,
        }
    }

    /// A small index (0, 1, 2) for per-size tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{n}×{n}", n = self.n())
    }
}

/// The rules variant of Villawar: the board size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct VillawarVariant {
    /// The board size.
    pub size: Size,
}

impl VillawarVariant {
    /// The variant of the given size.
    pub const fn new(size: Size) -> Self {
        VillawarVariant { size }
    }
}

impl Variant for VillawarVariant {
    const KEYS: &'static [&'static str] = &["size"];
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[("size", &["6", "8", "10"])];

    fn take_from(map: &mut OptionMap) -> Result<Self, Error> {
        let size = match map.take("size") {
            None => Size::default(),
            Some(text) => text.parse::<usize>().ok().and_then(Size::from_n).ok_or_else(|| {
                Error::Options(format!(
                    "option 'size' must be 6, 8 or 10 (the board is N×N), not '{text}'"
                ))
            })?,
        };
        Ok(VillawarVariant { size })
    }

    fn to_options(&self) -> String {
        match self.size {
            Size::Eight => String::new(),
            size => format!("size={}", size.n()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn take(text: &str) -> Result<VillawarVariant, Error> {
        let mut map = OptionMap::parse(text)?;
        VillawarVariant::take_from(&mut map)
    }

    #[test]
    fn sizes_parse_and_print() {
        assert_eq!(take("").unwrap().size, Size::Eight);
        for size in Size::ALL {
            let v = take(&format!("size={}", size.n())).unwrap();
            assert_eq!(v.size, size);
            let back = take(&v.to_options()).unwrap();
            assert_eq!(back, v);
        }
        assert_eq!(VillawarVariant::default().to_options(), "");
        assert_eq!(VillawarVariant::new(Size::Ten).to_options(), "size=10");
        assert_eq!(VillawarVariant::new(Size::Six).to_options(), "size=6");
    }

    #[test]
    fn bad_sizes_are_rejected() {
        for bad in ["size=7", "size=12", "size=0", "size=ten", "size=-8"] {
            let err = take(bad).unwrap_err();
            assert!(matches!(err, Error::Options(_)), "{bad}: {err}");
            assert!(err.to_string().contains("6, 8 or 10"), "{bad}: {err}");
        }
    }
}
