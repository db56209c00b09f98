//! How the core's types are written on the wire: squares as `e7`, moves as `h2e2`, colours as
//! `red`/`black`, roles as their English names. The core crate does not depend on serde, so the
//! arbiter says how with `#[serde(with = …)]`.

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

/// An event's point as its ICCS name (`h2`), read as a replay always read it: spaces around it
/// are ignored.
pub mod point {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    /// Writes `h2`.
    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    /// Reads `h2`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        read(&String::deserialize(d)?).map_err(D::Error::custom)
    }

    /// `text` as a point.
    pub(super) fn read(text: &str) -> Result<Square, String> {
        text.trim()
            .parse()
            .map_err(|_| format!("invalid point {text:?} (expected e.g. h2)"))
    }
}

/// A list of points, each as [`point`] writes it: `["h2","e2"]`.
pub mod points {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    /// Writes `["h2", …]`.
    pub fn serialize<S: Serializer>(squares: &[Square], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(squares.iter().map(ToString::to_string))
    }

    /// Reads `["h2", …]`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| super::point::read(t).map_err(D::Error::custom))
            .collect()
    }
}

/// Two points, each as [`point`] writes it: `["c2","d2"]`.
pub mod point_pair {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    /// Writes `["c2", "d2"]`.
    pub fn serialize<S: Serializer>(pair: &[Square; 2], s: S) -> Result<S::Ok, S::Error> {
        super::points::serialize(pair, s)
    }

    /// Reads `["c2", "d2"]`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Square; 2], D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        let read = |t: &str| super::point::read(t).map_err(D::Error::custom);
        Ok([read(&a)?, read(&b)?])
    }
}

/// A move's points in ICCS: written `h2e2`, read in any form ICCS allows (`h2e2`, `H2-E2`),
/// as a replay always read it.
pub mod iccs {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::iccs::Iccs;

    /// Writes `h2e2`.
    pub fn serialize<S: Serializer>(m: &Iccs, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(m)
    }

    /// Reads `h2e2` or `H2-E2`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Iccs, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}
