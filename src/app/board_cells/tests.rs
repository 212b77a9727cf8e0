//! The squares a player sees carry nothing about enemy pieces they do not
//! know: two games that differ only in the enemy's hidden pieces (swapped
//! around, domino stones turned) give the same cells, field for field.

use super::*;
use crate::core::deal::random_deal;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::setup::Setup;
use crate::core::variant::builtin_variant;
use crate::core::{Deal, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// `setup` with every piece moved to the square of another piece that looks
/// the same from the other side of the table (same suit, and a pawn only to
/// a pawn), and every domino stone but the doubles turned round.
fn shuffled_unseen(variant: &Variant, setup: &Setup) -> Setup {
    let mut groups: BTreeMap<_, Vec<usize>> = BTreeMap::new();
    for (i, placement) in setup.placements.iter().enumerate() {
        let piece = placement.piece;
        let public = variant.kind(piece.kind).public.then_some(piece.kind);
        groups.entry((piece.suit, public)).or_default().push(i);
    }
    let mut twin = setup.clone();
    for indices in groups.values() {
        for (k, &i) in indices.iter().enumerate() {
            let from = indices[(k + 1) % indices.len()];
            twin.placements[i].piece = setup.placements[from].piece;
        }
    }
    for placement in &mut twin.placements {
        if let Some((low, high)) = variant.kind(placement.piece.kind).pips
            && low != high
        {
            placement.piece.flipped = !placement.piece.flipped;
        }
    }
    twin
}

/// Two games alike except for `hidden`'s pieces, which `hidden.opponent()`
/// cannot tell apart; a few quiet moves are played in both.
fn twin_games(id: &str, hidden: Side, seed: u64) -> (Game, Game) {
    let variant = builtin_variant(id).unwrap();
    let options = GameOptions::defaults(&variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut taken = Vec::new();
    let armies: Vec<(Deal, Setup)> = Side::BOTH
        .iter()
        .map(|&side| {
            let deal = random_deal(&variant, side, &mut rng);
            // Free setup: Blue keeps off Red's squares.
            let setup = Setup::random_avoiding(&variant, side, &deal, &taken, &mut rng).unwrap();
            taken.extend(setup.placements.iter().map(|p| p.square));
            (deal, setup)
        })
        .collect();
    let mut twin_armies = armies.clone();
    let hidden_army = &mut twin_armies[hidden.index()].1;
    *hidden_army = shuffled_unseen(&variant, hidden_army);
    assert_ne!(
        armies[hidden.index()].1,
        twin_armies[hidden.index()].1,
        "{id}: the twin must really differ"
    );
    let game = |armies: &[(Deal, Setup)]| {
        Game::new(
            variant.clone(),
            options,
            armies[0].clone(),
            armies[1].clone(),
        )
        .unwrap()
    };
    let (mut one, mut two) = (game(&armies), game(&twin_armies));
    for _ in 0..8 {
        let mover = one.position().to_move();
        let quiet = one.view(mover).legal_moves.into_iter().find(|m| {
            one.position().piece_at(m.to).is_none() && two.position().check_move(*m).is_ok()
        });
        let Some(m) = quiet else { break };
        one.play(Action::Move(m)).unwrap();
        two.play(Action::Move(m)).unwrap();
    }
    (one, two)
}

fn display(viewer: Side, memory_aid: bool) -> Display {
    Display {
        viewer,
        numbering: Numbering::Modern,
        memory_aid,
    }
}

#[test]
fn hidden_enemy_pieces_leave_no_trace_in_the_cells() {
    for id in crate::core::variant::builtin()
        .variants
        .iter()
        .map(|v| v.id.as_str())
    {
        for viewer in Side::BOTH {
            let (one, two) = twin_games(id, viewer.opponent(), 3);
            for memory_aid in [true, false] {
                let shown = |game: &Game| {
                    play_cells(&game.view(viewer), &display(viewer, memory_aid), None, &[])
                };
                let (a, b) = (shown(&one), shown(&two));
                for (i, (a, b)) in a.iter().zip(&b).enumerate() {
                    assert_eq!(a, b, "{id}, {viewer} sees square {i} differently");
                }
            }
        }
    }
}

#[test]
fn an_unknown_enemy_piece_shows_only_its_back() {
    for id in crate::core::variant::builtin()
        .variants
        .iter()
        .map(|v| v.id.as_str())
    {
        let (game, _) = twin_games(id, Side::Blue, 5);
        let view = game.view(Side::Red);
        let variant = &*view.variant;
        let cells = play_cells(&view, &display(Side::Red, true), None, &[]);
        let mut unknown = 0;
        for (i, cell) in cells.iter().enumerate() {
            let square = square_at(variant, Side::Red, i);
            let Some(seen) = view.at(square) else {
                continue;
            };
            if seen.owner == Side::Red || seen.piece.is_some() {
                assert!(cell.shown, "{id} {square}: a known piece shows its face");
                continue;
            }
            unknown += 1;
            let what = format!("{id} {square}: {cell:?}");
            assert!(!cell.shown && !cell.own && !cell.attack_up, "{what}");
            assert_eq!(cell.label, "", "{what}");
            assert_eq!(cell.rank_name, "", "{what}");
            assert_eq!((cell.attack, cell.defense, cell.role), (0, 0, 0), "{what}");
            match seen.suit {
                // A coin stands suit side up: the suit is all there is to see.
                Some(suit) => {
                    assert_eq!(cell.look, 2, "{what}");
                    assert_eq!(cell.suit, suit_look(variant, suit).0, "{what}");
                }
                None => {
                    assert_eq!(cell.look, if variant.is_domino() { 1 } else { 0 }, "{what}");
                    assert_eq!(cell.suit, -1, "{what}");
                    assert_eq!(cell.face, side_color(Side::Blue), "{what}");
                }
            }
        }
        assert!(unknown > 0, "{id}: Red should face unknown pieces");
    }
}

#[test]
fn own_stones_attack_up_the_screen_and_enemy_stones_down() {
    let (game, _) = twin_games("domino", Side::Blue, 7);
    let position = game.position();
    let cells = revealed_cells(position, &display(Side::Red, true));
    let variant = &**position.variant();
    for (i, cell) in cells.iter().enumerate() {
        let square = square_at(variant, Side::Red, i);
        let Some(id) = position.piece_at(square) else {
            continue;
        };
        let (attack, defense) = position.piece(id).piece.domino_face(variant).unwrap();
        assert!(cell.shown && cell.look == 1);
        assert_eq!((cell.attack, cell.defense), (attack.into(), defense.into()));
        assert_eq!(cell.attack_up, id.side == Side::Red, "{square}");
    }
}

#[test]
fn bombs_and_flags_are_drawn_and_coins_show_their_suit() {
    let (game, _) = twin_games("classic", Side::Blue, 9);
    let view = game.view(Side::Red);
    let cells = play_cells(&view, &display(Side::Red, true), None, &[]);
    let roles: Vec<_> = cells.iter().filter(|c| c.own).map(|c| c.role).collect();
    assert_eq!(roles.iter().filter(|&&r| r == 1).count(), 6, "six bombs");
    assert_eq!(roles.iter().filter(|&&r| r == 2).count(), 1, "one flag");

    let (game, _) = twin_games("piecepack", Side::Blue, 9);
    let view = game.view(Side::Red);
    let cells = play_cells(&view, &display(Side::Red, true), None, &[]);
    let pieces: Vec<_> = cells.iter().filter(|c| c.content >= 2).collect();
    assert!(pieces.iter().all(|c| (0..4).contains(&c.suit)));
    assert_eq!(
        pieces.iter().filter(|c| c.look == 3).count(),
        4,
        "two pawns a side"
    );
    assert_eq!(
        cells.iter().filter(|c| c.hole).count(),
        4,
        "the missing tile"
    );
}

#[test]
fn own_pieces_the_opponent_has_seen_are_marked_and_no_others() {
    use crate::core::playout::random_action;
    let (mut game, _) = twin_games("classic", Side::Blue, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut marked_some = false;
    let mut buffer = Vec::new();
    for _ in 0..600 {
        if game.position().outcome().is_some() {
            break;
        }
        let Some(action) = random_action(game.position(), &mut rng, &mut buffer) else {
            break;
        };
        game.play(action).unwrap();
        for viewer in Side::BOTH {
            let view = game.view(viewer);
            let cells = play_cells(&view, &display(viewer, true), None, &[]);
            for (i, cell) in cells.iter().enumerate() {
                let square = square_at(&view.variant, viewer, i);
                // (Once the game is over every piece is shown: no marks.)
                let seen = view.outcome.is_none()
                    && view
                        .at(square)
                        .is_some_and(|p| p.owner == viewer && p.revealed);
                assert_eq!(cell.note == SEEN_MARK, seen, "{viewer} at {square}");
                marked_some |= seen;
            }
            // Without the memory aid the player keeps it in mind.
            let bare = play_cells(&view, &display(viewer, false), None, &[]);
            assert!(bare.iter().all(|c| c.note.is_empty()));
        }
    }
    assert!(
        marked_some,
        "no piece was ever seen: the test proves nothing"
    );
}
