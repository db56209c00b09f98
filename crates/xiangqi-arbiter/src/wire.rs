//! How the core's types are written on the wire: squares as `e7`, colours as `red`/`black`,
//! roles as their English names. The core crate does not depend on serde, so the arbiter says
//! how with `#[serde(with = …)]`.

/// Squares as ICCS names (`e7`).
pub mod square {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    /// Writes `e7`.
    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    /// Reads `e7`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(D::Error::custom)
    }
}

/// Colours as `red` / `black`.
pub mod color {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Color;

    /// Writes `red` or `black`.
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(*c))
    }

    /// Reads `red` or `black`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "red" => Ok(Color::Red),
            "black" => Ok(Color::Black),
            _ => Err(D::Error::custom(format!(
                "invalid colour {s:?} (expected red or black)"
            ))),
        }
    }

    /// `red` or `black`.
    pub const fn name(c: Color) -> &'static str {
        match c {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

/// Roles as their English names (`rook`).
pub mod role {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Role;

    /// Writes `rook`.
    pub fn serialize<S: Serializer>(r: &Role, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(r)
    }

    /// Reads `rook` (or a FEN/WXF letter).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let s = String::deserialize(d)?;
        Role::ALL
            .into_iter()
            .find(|r| r.to_string() == s)
            .or_else(|| {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Role::from_char(c),
                    _ => None,
                }
            })
            .ok_or_else(|| D::Error::custom(format!("invalid piece {s:?}")))
    }
}
