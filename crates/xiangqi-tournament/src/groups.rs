//! Seeded groups (分组循环制): CXA 2011 art. 10.2.
//!
//! Seeds are ranked by the latest rating or by earlier results and dealt into groups in
//! serpentine order (1→A, 2→B, …, then back from the last group), the usual way of balancing
//! group strength; each group plays a round robin and the top k of each go to the final.

use crate::types::{Player, PlayerId};

/// Players ranked for seeding by rating (等级分), highest first; unrated after rated
/// (CXA 11.1), equal ratings by start number.
#[must_use]
pub fn seeds_by_rating(players: &[Player]) -> Vec<PlayerId> {
    let mut ids: Vec<usize> = (0..players.len()).collect();
    ids.sort_by_key(|&i| {
        (
            std::cmp::Reverse(players[i].rating.map_or(-1, i32::from)),
            i,
        )
    });
    ids.into_iter().map(PlayerId::from_index).collect()
}

/// Deals `ranked` players into `groups` groups in serpentine order (CXA 10.2). Empty if
/// `groups` is 0.
#[must_use]
pub fn serpentine(ranked: &[PlayerId], groups: usize) -> Vec<Vec<PlayerId>> {
    if groups == 0 {
        return Vec::new();
    }
    let mut out = vec![Vec::new(); groups];
    for (k, &p) in ranked.iter().enumerate() {
        let (row, col) = (k / groups, k % groups);
        let g = if row % 2 == 0 { col } else { groups - 1 - col };
        out[g].push(p);
    }
    out
}

/// The finalists: the top `k` of each group's final order, listed by place and then by group
/// (all group winners first), which is also their seeding for the final.
#[must_use]
pub fn qualifiers(group_orders: &[Vec<PlayerId>], k: usize) -> Vec<PlayerId> {
    (0..k)
        .flat_map(|place| {
            group_orders
                .iter()
                .filter_map(move |g| g.get(place).copied())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<PlayerId> {
        v.iter().filter_map(|&n| PlayerId::new(n)).collect()
    }

    #[test]
    fn serpentine_balances_groups() {
        let g = serpentine(&ids(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 3);
        assert_eq!(g[0], ids(&[1, 6, 7]));
        assert_eq!(g[1], ids(&[2, 5, 8]));
        assert_eq!(g[2], ids(&[3, 4, 9, 10]));
        assert!(serpentine(&ids(&[1]), 0).is_empty());
    }

    #[test]
    fn rating_order_puts_unrated_last() {
        let mut ps: Vec<Player> = ["a", "b", "c", "d"]
            .iter()
            .map(|n| Player::named(*n))
            .collect();
        ps[0].rating = Some(2100);
        ps[2].rating = Some(2300);
        ps[3].rating = Some(2100);
        assert_eq!(seeds_by_rating(&ps), ids(&[3, 1, 4, 2]));
    }

    #[test]
    fn top_k_of_each_group() {
        let q = qualifiers(&[ids(&[1, 6, 7]), ids(&[5, 2, 8])], 2);
        assert_eq!(q, ids(&[1, 5, 6, 2]));
    }
}
