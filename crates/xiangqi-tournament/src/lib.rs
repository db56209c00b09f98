//! Xiangqi competitions (CXA 2011 chapters 9–14, 19–20; WXF 2018 arts. 4.1, 5, 9–11).
//!
//! This crate knows nothing of boards: a game is a result here.

pub mod swiss;
