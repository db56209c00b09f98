//! Xiangqi rules core.
