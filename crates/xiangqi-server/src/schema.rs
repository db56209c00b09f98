//! Schemas the request and view types share in the OpenAPI document (`openapi`): a choice of
//! strings, an optional field, a FEN. A leaf: every resource's types use it, and the document
//! that lists every resource's routes is built on top of them all.

use serde_json::Value;
use utoipa::openapi::{Object, ObjectBuilder, Type, schema::SchemaType};

/// A string that is one of `values`.
pub(crate) fn choice(values: &[&str]) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values.iter().copied()))
        .build()
}

/// `schema` or null: an optional field's (serde reads null as absent).
pub(crate) fn nullable(mut schema: Object) -> Object {
    schema.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    if let Some(values) = schema.enum_values.as_mut() {
        values.push(Value::Null);
    }
    schema
}

/// A position in FEN: ten ranks of piece letters and digits, then optionally the side to move
/// and the counters. Whether the position is legal (both generals, each piece on its points)
/// is more than a schema says: the server answers 422 naming `fen` when it is not.
pub(crate) fn fen_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(
            r"^[ \t\n\r]*[1-9A-Za-z]+(/[1-9A-Za-z]+){9}([ \t\n\r][\s\S]*)?$",
        ))
        .examples([xiangqi::fen::INITIAL])
        .build()
}

/// [`fen_schema`] or null.
pub(crate) fn optional_fen_schema() -> Object {
    nullable(fen_schema())
}
