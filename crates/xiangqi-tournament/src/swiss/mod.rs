//! Swiss pairing engines behind the [`PairingSystem`] trait.
