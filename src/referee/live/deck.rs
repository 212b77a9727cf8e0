//! One team's cards in a round: which roles it still holds and how many of
//! its players are on the field. The counts are conserved by construction:
//! a card is only ever moved from "held" to "lost", and the field count
//! only rises to the limit and to the cards held.

use super::rules::{LiveRules, RoleId};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Cards of each role the team still holds (at the base or on the field).
    held: Vec<u8>,
    /// Cards of each role lost this round.
    lost: Vec<u8>,
    /// Players on the field, each carrying one of the held cards.
    on_field: u8,
}

impl Deck {
    /// A full deck, every player at the base.
    pub fn full(rules: &LiveRules) -> Deck {
        Deck {
            held: rules.roles.iter().map(|r| r.count).collect(),
            lost: vec![0; rules.roles.len()],
            on_field: 0,
        }
    }

    /// Whether this deck could have come from `rules` (a saved deck is checked on load).
    pub fn fits(&self, rules: &LiveRules) -> bool {
        self.held.len() == rules.roles.len()
            && self.lost.len() == rules.roles.len()
            && rules
                .roles
                .iter()
                .enumerate()
                .all(|(i, r)| self.held[i] as u32 + self.lost[i] as u32 == r.count as u32)
            && u32::from(self.on_field) <= self.held_total()
    }

    pub fn held(&self, role: RoleId) -> u8 {
        self.held[role.0 as usize]
    }

    pub fn lost(&self, role: RoleId) -> u8 {
        self.lost[role.0 as usize]
    }

    pub fn held_total(&self) -> u32 {
        self.held.iter().map(|&n| n as u32).sum()
    }

    pub fn lost_total(&self) -> u32 {
        self.lost.iter().map(|&n| n as u32).sum()
    }

    pub fn on_field(&self) -> u8 {
        self.on_field
    }

    /// Cards at the base: held, and not carried by a player on the field.
    pub fn at_base(&self) -> u32 {
        self.held_total() - u32::from(self.on_field)
    }

    /// A player takes a card at the base and enters the field.
    pub(super) fn enter(&mut self) {
        debug_assert!(self.at_base() > 0);
        self.on_field += 1;
    }

    /// A player on the field carrying `role` is defeated: the card is lost
    /// and the player goes back to the base.
    pub(super) fn defeat(&mut self, role: RoleId) {
        let i = role.0 as usize;
        debug_assert!(self.held[i] > 0 && self.on_field > 0);
        self.held[i] -= 1;
        self.lost[i] += 1;
        self.on_field -= 1;
    }
}
