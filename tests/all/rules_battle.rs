//! Battle rules (RULES.md): rank battles with bombs, miners, spies and
//! flags; the tournament options Aggressor Advantage, Silent Defense and
//! Rescue; domino battles (attack against defense, 0-0 against 6-6) and
//! piecepack battles and what piecepack players see.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::battle::BattleResult;
use flagfall::core::variant::Special;
use flagfall::core::{
    Action, DrawReason, GameOptions, IllegalMove, Outcome, PieceId, PlayerView, PlyReport,
    Position, Square, WinReason,
};

use crate::common;
use common::*;

// ---------------------------------------------------------------- helpers

fn options(id: &str, set: impl FnOnce(&mut GameOptions)) -> GameOptions {
    let mut options = GameOptions::defaults(&variant(id));
    set(&mut options);
    options
}

/// One battle: a Red attacker on e4 against a Blue defender on e5, with
/// both flags and a spare movable piece each in far corners.
struct Duel {
    pos: Position,
    report: PlyReport,
    attacker: PieceId,
    defender: PieceId,
}

impl Duel {
    fn result(&self) -> BattleResult {
        self.report.battle.expect("a battle").result
    }

    /// Checks the result and where the pieces went: the winning attacker
    /// takes the defender's square, the winning defender stays.
    fn expect(&self, expected: BattleResult, what: &str) {
        assert_eq!(self.result(), expected, "{what}");
        let (e4, e5) = (self.pos.piece_at(sq("e4")), self.pos.piece_at(sq("e5")));
        let (a, d) = (self.attacker, self.defender);
        match expected {
            BattleResult::AttackerWins => {
                assert_eq!((e4, e5), (None, Some(a)), "{what}: attacker takes e5");
                assert_eq!(self.pos.square_of(d), None, "{what}: defender removed");
                assert!(self.pos.captured(Blue).any(|id| id == d));
            }
            BattleResult::DefenderWins => {
                assert_eq!((e4, e5), (None, Some(d)), "{what}: defender stays");
                assert_eq!(self.pos.square_of(a), None, "{what}: attacker removed");
                assert!(self.pos.captured(Red).any(|id| id == a));
            }
            BattleResult::BothRemoved => {
                assert_eq!((e4, e5), (None, None), "{what}: both removed");
                assert_eq!(self.pos.square_of(a), None);
                assert_eq!(self.pos.square_of(d), None);
            }
        }
    }
}

fn duel_with(id: &str, options: GameOptions, attacker: &str, defender: &str) -> Duel {
    let v = variant(id);
    let (flag_red, flag_blue, spare_red, spare_blue) = match id {
        "domino" => ("6/6", "6/6", "1/2", "1/2"),
        "piecepack" => ("red flag", "blue flag", "red miner", "blue miner"),
        _ => ("flag", "flag", "miner", "miner"),
    };
    let corner = |col: u8, row: u8| Square::new(col, row).to_string();
    let (top_right, top_next) = (
        corner(v.board.columns - 1, v.board.rows - 1),
        corner(v.board.columns - 2, v.board.rows - 1),
    );
    let is_flag = |spec: &str| v.kind(piece(&v, spec).kind).is_flag;
    let mut list: Vec<Spec> = vec![
        (Red, "e4", attacker),
        (Blue, "e5", defender),
        (Red, "b1", spare_red),
        (Blue, top_next.as_str(), spare_blue),
    ];
    // One flag per side: the duel's own piece when it is the flag.
    if !is_flag(attacker) {
        list.push((Red, "a1", flag_red));
    }
    if !is_flag(defender) {
        list.push((Blue, top_right.as_str(), flag_blue));
    }
    let mut pos = arrange(id, options, &list, Red);
    let attacker = pos.piece_at(sq("e4")).unwrap();
    let defender = pos.piece_at(sq("e5")).unwrap();
    let report = play(&mut pos, "e4", "e5");
    Duel {
        pos,
        report,
        attacker,
        defender,
    }
}

fn duel(id: &str, attacker: &str, defender: &str) -> Duel {
    duel_with(id, GameOptions::defaults(&variant(id)), attacker, defender)
}

/// Checks every pair from a list strongest first: higher wins, equal ties.
fn check_rank_order(id: &str, strongest_first: &[&str]) {
    for (i, attacker) in strongest_first.iter().enumerate() {
        for (j, defender) in strongest_first.iter().enumerate() {
            let expected = match i.cmp(&j) {
                std::cmp::Ordering::Less => BattleResult::AttackerWins,
                std::cmp::Ordering::Greater => BattleResult::DefenderWins,
                std::cmp::Ordering::Equal => BattleResult::BothRemoved,
            };
            let (a, d) = match id {
                "piecepack" => (format!("red {attacker}"), format!("blue {defender}")),
                _ => (attacker.to_string(), defender.to_string()),
            };
            duel(id, &a, &d).expect(expected, &format!("{id}: {a} attacks {d}"));
        }
    }
}

fn red_wins_by_flag() -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Red,
        reason: WinReason::FlagCaptured,
    })
}

fn blue_wins_by_flag() -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Blue,
        reason: WinReason::FlagCaptured,
    })
}

const CLASSIC_RANKS: [&str; 9] = [
    "marshal",
    "general",
    "colonel",
    "major",
    "captain",
    "lieutenant",
    "sergeant",
    "miner",
    "scout",
];

// ------------------------------------------------------------ rank battles

#[test]
fn higher_rank_wins_and_takes_the_square() {
    let d = duel("classic", "marshal", "general");
    d.expect(BattleResult::AttackerWins, "marshal attacks general");
    assert_eq!(d.pos.outcome(), None);
    assert_eq!(d.pos.to_move(), Blue);
}

#[test]
fn higher_rank_defender_wins_and_stays() {
    duel("classic", "general", "marshal").expect(BattleResult::DefenderWins, "general attacks");
}

#[test]
fn equal_ranks_remove_both() {
    duel("classic", "captain", "captain").expect(BattleResult::BothRemoved, "captains");
}

#[test]
fn classic_rank_order_decides_every_pair() {
    check_rank_order("classic", &CLASSIC_RANKS);
}

#[test]
fn small_rank_order_decides_every_pair() {
    check_rank_order(
        "small",
        &[
            "general", "colonel", "major", "captain", "sergeant", "miner", "scout",
        ],
    );
}

#[test]
fn blue_attacks_by_the_same_rules() {
    let mut p = arrange(
        "classic",
        GameOptions::defaults(&variant("classic")),
        &[
            (Red, "a1", "flag"),
            (Red, "e4", "general"),
            (Red, "b1", "miner"),
            (Blue, "j10", "flag"),
            (Blue, "e5", "marshal"),
            (Blue, "i10", "miner"),
        ],
        Blue,
    );
    let marshal = p.piece_at(sq("e5")).unwrap();
    let report = play(&mut p, "e5", "e4");
    assert_eq!(report.battle.unwrap().result, BattleResult::AttackerWins);
    assert_eq!(p.piece_at(sq("e4")), Some(marshal));
    assert_eq!(p.piece_at(sq("e5")), None);
}

// ---------------------------------------------------------- bombs and miner

#[test]
fn bomb_beats_every_attacker_but_the_miner() {
    for attacker in CLASSIC_RANKS.iter().chain(&["spy"]) {
        if *attacker == "miner" {
            continue;
        }
        duel("classic", attacker, "bomb").expect(
            BattleResult::DefenderWins,
            &format!("{attacker} attacks a bomb"),
        );
    }
}

#[test]
fn miner_removes_the_bomb() {
    duel("classic", "miner", "bomb").expect(BattleResult::AttackerWins, "miner attacks bomb");
}

// -------------------------------------------------------------------- spy

#[test]
fn spy_attacking_the_marshal_wins() {
    duel("classic", "spy", "marshal").expect(BattleResult::AttackerWins, "spy attacks");
}

#[test]
fn marshal_attacking_the_spy_wins() {
    duel("classic", "marshal", "spy").expect(BattleResult::AttackerWins, "marshal attacks");
}

#[test]
fn spy_attacking_any_other_piece_loses() {
    for defender in &CLASSIC_RANKS[1..] {
        duel("classic", "spy", defender).expect(
            BattleResult::DefenderWins,
            &format!("spy attacks {defender}"),
        );
    }
}

#[test]
fn spy_loses_whenever_it_is_attacked() {
    for attacker in CLASSIC_RANKS {
        duel("classic", attacker, "spy").expect(
            BattleResult::AttackerWins,
            &format!("{attacker} attacks the spy"),
        );
    }
}

#[test]
fn barrage_and_duell_spy_beats_marshal_only_when_attacking() {
    for id in ["barrage", "duell"] {
        duel(id, "spy", "marshal").expect(BattleResult::AttackerWins, id);
        duel(id, "marshal", "spy").expect(BattleResult::AttackerWins, id);
        duel(id, "spy", "general").expect(BattleResult::DefenderWins, id);
    }
}

#[test]
fn small_spy_beats_the_general_only_when_attacking() {
    let v = variant("small");
    assert!(v.kind_by_key("marshal").is_none());
    duel("small", "spy", "general").expect(BattleResult::AttackerWins, "spy attacks general");
    duel("small", "general", "spy").expect(BattleResult::AttackerWins, "general attacks spy");
    duel("small", "spy", "colonel").expect(BattleResult::DefenderWins, "spy attacks colonel");
}

// ------------------------------------------------------------------- flag

#[test]
fn any_piece_captures_the_flag_and_wins() {
    for attacker in CLASSIC_RANKS.iter().chain(&["spy"]) {
        let d = duel("classic", attacker, "flag");
        d.expect(
            BattleResult::AttackerWins,
            &format!("{attacker} attacks the flag"),
        );
        assert_eq!(d.pos.outcome(), red_wins_by_flag(), "{attacker}");
        assert_eq!(d.report.outcome, red_wins_by_flag());
    }
}

#[test]
fn blue_capturing_the_red_flag_wins_for_blue() {
    let mut p = arrange(
        "classic",
        GameOptions::defaults(&variant("classic")),
        &[
            (Red, "e4", "flag"),
            (Red, "b1", "miner"),
            (Blue, "j10", "flag"),
            (Blue, "e5", "scout"),
            (Blue, "i10", "miner"),
        ],
        Blue,
    );
    play(&mut p, "e5", "e4");
    assert_eq!(p.outcome(), blue_wins_by_flag());
}

#[test]
fn battle_reveals_both_pieces_to_both_players() {
    // The defender wins and stays; the attacker is removed.
    let d = duel("classic", "sergeant", "lieutenant");
    let red = PlayerView::new(&d.pos, Red);
    let blue = PlayerView::new(&d.pos, Blue);
    assert_eq!(
        red.at(sq("e5")).unwrap().piece,
        Some(d.pos.piece(d.defender).piece)
    );
    let sergeant = blue.captured[Red.index()][0];
    assert_eq!(sergeant.id, d.attacker);
    assert_eq!(sergeant.piece, Some(d.pos.piece(d.attacker).piece));
}

// ------------------------------------------------------ Aggressor Advantage

fn aggressor() -> GameOptions {
    options("classic", |o| o.aggressor_advantage = true)
}

#[test]
fn aggressor_advantage_attacker_wins_a_tie() {
    for kind in ["captain", "marshal", "scout"] {
        duel_with("classic", aggressor(), kind, kind).expect(
            BattleResult::AttackerWins,
            &format!("{kind} against {kind}"),
        );
    }
}

#[test]
fn aggressor_advantage_changes_nothing_but_ties() {
    duel_with("classic", aggressor(), "sergeant", "lieutenant")
        .expect(BattleResult::DefenderWins, "lower attacker");
    duel_with("classic", aggressor(), "lieutenant", "sergeant")
        .expect(BattleResult::AttackerWins, "higher attacker");
    duel_with("classic", aggressor(), "scout", "bomb").expect(BattleResult::DefenderWins, "bomb");
    duel_with("classic", aggressor(), "marshal", "spy").expect(BattleResult::AttackerWins, "spy");
}

#[test]
fn aggressor_advantage_is_off_by_default() {
    assert!(!GameOptions::defaults(&variant("classic")).aggressor_advantage);
    assert!(!GameOptions::defaults(&variant("classic")).silent_defense);
    assert!(!GameOptions::defaults(&variant("classic")).rescue);
}

// ----------------------------------------------------------- Silent Defense

fn silent() -> GameOptions {
    options("classic", |o| o.silent_defense = true)
}

#[test]
fn silent_defense_hides_a_defender_that_wins() {
    let d = duel_with("classic", silent(), "sergeant", "lieutenant");
    d.expect(BattleResult::DefenderWins, "sergeant attacks lieutenant");
    assert!(!d.report.battle.unwrap().defender_revealed);
    let red = PlayerView::new(&d.pos, Red);
    let seen = red.at(sq("e5")).expect("the defender stays");
    assert_eq!(seen.piece, None, "Red must not learn the defender");
    let ply = d.report.seen_by(Red, &d.pos);
    assert_eq!(ply.battle.unwrap().defender.piece, None);
    // The attacker's rank is revealed to the defender.
    let blue = PlayerView::new(&d.pos, Blue);
    assert_eq!(
        blue.captured[Red.index()][0].piece,
        Some(d.pos.piece(d.attacker).piece)
    );
}

#[test]
fn silent_defense_hides_a_defender_that_is_removed() {
    let d = duel_with("classic", silent(), "captain", "sergeant");
    d.expect(BattleResult::AttackerWins, "captain attacks sergeant");
    let red = PlayerView::new(&d.pos, Red);
    let fallen = red.captured[Blue.index()][0];
    assert_eq!(fallen.id, d.defender);
    assert_eq!(fallen.piece, None, "Red must not learn what it took");
    let ply = d.report.seen_by(Red, &d.pos);
    assert_eq!(ply.battle.unwrap().defender.piece, None);
    // Blue sees the attacker that now stands on e5.
    let blue = PlayerView::new(&d.pos, Blue);
    assert_eq!(
        blue.at(sq("e5")).unwrap().piece,
        Some(d.pos.piece(d.attacker).piece)
    );
    assert_eq!(
        d.report
            .seen_by(Blue, &d.pos)
            .battle
            .unwrap()
            .attacker
            .piece,
        Some(d.pos.piece(d.attacker).piece)
    );
}

#[test]
fn silent_defense_reveals_the_defender_to_a_scout() {
    let d = duel_with("classic", silent(), "scout", "sergeant");
    d.expect(BattleResult::DefenderWins, "scout attacks sergeant");
    assert!(d.report.battle.unwrap().defender_revealed);
    let red = PlayerView::new(&d.pos, Red);
    assert_eq!(
        red.at(sq("e5")).unwrap().piece,
        Some(d.pos.piece(d.defender).piece)
    );
}

// ------------------------------------------------------------------ Rescue

fn rescue_on() -> GameOptions {
    options("classic", |o| {
        o.rescue = true;
        o.two_squares = flagfall::core::TwoSquares::Off;
    })
}

/// Red: captains on e9 and i9, a major on g9 (all one step from Blue's back
/// row), scouts on a3, b3 and j3 that die on the Blue bombs above them.
/// Blue passes time with its marshal between h7 and h8.
fn rescue_position(options: GameOptions, extra: &[Spec]) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "flag"),
        (Red, "e9", "captain"),
        (Red, "g9", "major"),
        (Red, "i9", "captain"),
        (Red, "a3", "scout"),
        (Red, "b3", "scout"),
        (Red, "j3", "scout"),
        (Blue, "j10", "flag"),
        (Blue, "a4", "bomb"),
        (Blue, "b4", "bomb"),
        (Blue, "j4", "bomb"),
        (Blue, "h7", "marshal"),
    ];
    list.extend_from_slice(extra);
    arrange("classic", options, &list, Red)
}

/// Blue's waiting move: its marshal steps between h7 and h8.
fn blue_waits(p: &mut Position) {
    assert_eq!(p.to_move(), Blue);
    if p.piece_at(sq("h7")).is_some() {
        play(p, "h7", "h8");
    } else {
        play(p, "h8", "h7");
    }
}

/// Red's scout on `file`3 attacks the bomb above it and dies; Blue waits.
fn lose_scout(p: &mut Position, file: char) -> PieceId {
    let (from, to) = (format!("{file}3"), format!("{file}4"));
    let scout = p.piece_at(sq(&from)).unwrap();
    let report = play(p, &from, &to);
    assert_eq!(report.battle.unwrap().result, BattleResult::DefenderWins);
    blue_waits(p);
    scout
}

fn rescue(piece: PieceId, to: &str) -> Action {
    Action::Rescue { piece, to: sq(to) }
}

#[test]
fn rescue_brings_back_a_captured_piece() {
    let mut p = rescue_position(rescue_on(), &[]);
    let scout = lose_scout(&mut p, 'a');
    let captain = p.piece_at(sq("e9")).unwrap();
    let report = play(&mut p, "e9", "e10");
    assert!(report.rescue_offered);
    assert_eq!(p.pending_rescue(), Some(captain));
    assert_eq!(p.to_move(), Red, "the turn waits for the rescue");
    assert!(p.legal_moves().is_empty());
    assert!(p.rescue_choices().contains(&Action::SkipRescue));
    assert!(p.rescue_choices().contains(&rescue(scout, "a2")));
    p.play(rescue(scout, "a2")).unwrap();
    assert_eq!(p.piece_at(sq("a2")), Some(scout));
    assert_eq!(p.captured(Red).count(), 0);
    assert_eq!(p.rescues_used(Red), 1);
    assert_eq!(p.pending_rescue(), None);
    assert_eq!(p.to_move(), Blue, "the rescue ends the turn");
    assert_eq!(p.ply(), 3, "the move and its rescue are one ply");
    // The rescued piece plays again.
    blue_waits(&mut p);
    play(&mut p, "a2", "a3");
}

#[test]
fn rescued_piece_goes_on_an_empty_square_of_the_own_half() {
    let mut p = rescue_position(rescue_on(), &[]);
    let scout = lose_scout(&mut p, 'a');
    play(&mut p, "e9", "e10");
    for bad in ["e6", "a1", "c5", "e10"] {
        let before = p.rescue_choices();
        assert_eq!(
            p.play(rescue(scout, bad)),
            Err(IllegalMove::RescueSquare(sq(bad))),
            "{bad}"
        );
        assert_eq!(p.rescue_choices(), before);
        assert!(!before.contains(&rescue(scout, bad)));
    }
    // Row 5 is still Red's half.
    p.play(rescue(scout, "e5")).unwrap();
    assert_eq!(p.piece_at(sq("e5")), Some(scout));
}

#[test]
fn rescue_may_be_declined() {
    let mut p = rescue_position(rescue_on(), &[]);
    let scout = lose_scout(&mut p, 'a');
    play(&mut p, "e9", "e10");
    let report = p.play(Action::SkipRescue).unwrap();
    assert!(!report.rescue_offered);
    assert_eq!(p.to_move(), Blue);
    assert_eq!(p.pending_rescue(), None);
    assert_eq!(p.rescues_used(Red), 0);
    assert_eq!(p.captured(Red).collect::<Vec<_>>(), vec![scout]);
    assert_eq!(
        p.play(Action::SkipRescue),
        Err(IllegalMove::NoRescuePending)
    );
}

#[test]
fn no_move_while_a_rescue_is_pending() {
    let mut p = rescue_position(rescue_on(), &[]);
    lose_scout(&mut p, 'a');
    play(&mut p, "e9", "e10");
    assert_eq!(mv(&mut p, "g9", "g10"), Err(IllegalMove::RescuePending));
    assert_eq!(mv(&mut p, "h7", "h6"), Err(IllegalMove::RescuePending));
    assert!(p.pending_rescue().is_some());
}

#[test]
fn no_rescue_offered_when_nothing_is_captured() {
    let mut p = rescue_position(rescue_on(), &[]);
    let report = play(&mut p, "e9", "e10");
    assert!(!report.rescue_offered);
    assert_eq!(p.pending_rescue(), None);
    assert_eq!(p.to_move(), Blue);
    assert_eq!(
        p.play(Action::SkipRescue),
        Err(IllegalMove::NoRescuePending)
    );
}

#[test]
fn no_rescue_without_the_option() {
    let mut p = rescue_position(
        options("classic", |o| {
            o.two_squares = flagfall::core::TwoSquares::Off;
        }),
        &[],
    );
    lose_scout(&mut p, 'a');
    let report = play(&mut p, "e9", "e10");
    assert!(!report.rescue_offered);
    assert_eq!(p.to_move(), Blue);
}

#[test]
fn no_rescue_short_of_the_back_row() {
    let mut p = rescue_position(rescue_on(), &[]);
    lose_scout(&mut p, 'a');
    let report = play(&mut p, "e9", "f9");
    assert!(!report.rescue_offered);
}

#[test]
fn winning_an_attack_on_the_back_row_earns_a_rescue() {
    let mut p = rescue_position(rescue_on(), &[(Blue, "e10", "sergeant")]);
    lose_scout(&mut p, 'a');
    let report = play(&mut p, "e9", "e10");
    assert_eq!(report.battle.unwrap().result, BattleResult::AttackerWins);
    assert!(report.rescue_offered);
}

/// Blue to move, with a miner on d3 above a Red bomb on d2.
fn bomb_position() -> Position {
    arrange(
        "classic",
        rescue_on(),
        &[
            (Red, "a1", "flag"),
            (Red, "e9", "captain"),
            (Red, "a3", "scout"),
            (Red, "d2", "bomb"),
            (Blue, "j10", "flag"),
            (Blue, "a4", "bomb"),
            (Blue, "d3", "miner"),
            (Blue, "h7", "marshal"),
        ],
        Blue,
    )
}

#[test]
fn no_rescue_offered_when_only_a_bomb_is_captured() {
    let mut p = bomb_position();
    play(&mut p, "d3", "d2");
    assert_eq!(p.captured(Red).count(), 1);
    let report = play(&mut p, "e9", "e10");
    assert!(!report.rescue_offered);
    assert_eq!(p.to_move(), Blue);
}

#[test]
fn bomb_cannot_be_rescued() {
    let mut p = bomb_position();
    play(&mut p, "d3", "d2");
    let bomb = p.captured(Red).next().unwrap();
    let scout = p.piece_at(sq("a3")).unwrap();
    play(&mut p, "a3", "a4");
    blue_waits(&mut p);
    let report = play(&mut p, "e9", "e10");
    assert!(report.rescue_offered);
    assert!(
        p.rescue_choices()
            .iter()
            .all(|a| !matches!(a, Action::Rescue { piece, .. } if *piece == bomb))
    );
    assert_eq!(
        p.play(rescue(bomb, "a2")),
        Err(IllegalMove::CannotRescue {
            piece: "Bomb".into()
        })
    );
    assert!(p.pending_rescue().is_some());
    p.play(rescue(scout, "a2")).unwrap();
}

#[test]
fn at_most_two_rescues_per_player() {
    let mut p = rescue_position(rescue_on(), &[]);
    let scouts = ['a', 'b', 'j'].map(|file| lose_scout(&mut p, file));
    play(&mut p, "e9", "e10");
    p.play(rescue(scouts[0], "a2")).unwrap();
    blue_waits(&mut p);
    play(&mut p, "g9", "g10");
    p.play(rescue(scouts[1], "b2")).unwrap();
    blue_waits(&mut p);
    assert_eq!(p.rescues_used(Red), 2);
    let report = play(&mut p, "i9", "i10");
    assert!(!report.rescue_offered, "a third rescue was offered");
    assert_eq!(p.to_move(), Blue);
    assert_eq!(p.captured(Red).collect::<Vec<_>>(), vec![scouts[2]]);
}

#[test]
fn same_piece_may_not_perform_both_rescues() {
    let mut p = rescue_position(rescue_on(), &[]);
    let scouts = ['a', 'b'].map(|file| lose_scout(&mut p, file));
    play(&mut p, "e9", "e10");
    p.play(rescue(scouts[0], "a2")).unwrap();
    blue_waits(&mut p);
    play(&mut p, "e10", "e9");
    blue_waits(&mut p);
    let report = play(&mut p, "e9", "e10");
    assert!(!report.rescue_offered, "the same captain rescued twice");
    blue_waits(&mut p);
    // Another piece may perform the second rescue.
    let report = play(&mut p, "g9", "g10");
    assert!(report.rescue_offered);
    p.play(rescue(scouts[1], "b2")).unwrap();
    assert_eq!(p.rescues_used(Red), 2);
}

#[test]
fn blue_rescues_on_reds_back_row() {
    let mut p = arrange(
        "classic",
        rescue_on(),
        &[
            (Red, "a1", "flag"),
            (Red, "a5", "bomb"),
            (Red, "j2", "major"),
            (Blue, "j10", "flag"),
            (Blue, "a6", "scout"),
            (Blue, "e2", "sergeant"),
        ],
        Blue,
    );
    let scout = p.piece_at(sq("a6")).unwrap();
    play(&mut p, "a6", "a5");
    play(&mut p, "j2", "j3");
    let report = play(&mut p, "e2", "e1");
    assert!(report.rescue_offered);
    assert_eq!(
        p.play(rescue(scout, "e5")),
        Err(IllegalMove::RescueSquare(sq("e5")))
    );
    p.play(rescue(scout, "e6")).unwrap();
    assert_eq!(p.piece_at(sq("e6")), Some(scout));
    assert_eq!(p.to_move(), Red);
}

// ---------------------------------------------------------------- dominoes

#[test]
fn domino_attack_number_against_defense_number() {
    // 5/2 attacks with 5 against the defense 4 of a 3/4.
    duel("domino", "5/2", "3/4").expect(BattleResult::AttackerWins, "5/2 attacks 3/4");
    duel("domino", "3/5", "5/2").expect(BattleResult::AttackerWins, "3/5 attacks 5/2");
    duel("domino", "1/6", "0/2").expect(BattleResult::DefenderWins, "1/6 attacks 0/2");
}

#[test]
fn domino_attacker_orientation_matters() {
    // The same 2-5 stone stood the other way round attacks with 2.
    duel("domino", "2/5", "3/4").expect(BattleResult::DefenderWins, "2/5 attacks 3/4");
}

#[test]
fn domino_defender_orientation_matters() {
    duel("domino", "4/1", "3/4").expect(BattleResult::BothRemoved, "4 against 4");
    duel("domino", "4/1", "4/3").expect(BattleResult::AttackerWins, "4 against 3");
}

#[test]
fn domino_equal_numbers_remove_both() {
    duel("domino", "3/1", "0/3").expect(BattleResult::BothRemoved, "3 against 3");
    duel("domino", "0/0", "3/0").expect(BattleResult::BothRemoved, "0 against 0");
}

#[test]
fn domino_0_0_attacking_the_6_6_wins_the_game() {
    let d = duel("domino", "0/0", "6/6");
    d.expect(BattleResult::AttackerWins, "0-0 attacks 6-6");
    assert_eq!(d.pos.outcome(), red_wins_by_flag());
}

#[test]
fn domino_6_6_attacking_the_0_0_loses_the_game() {
    let d = duel("domino", "6/6", "0/0");
    d.expect(BattleResult::DefenderWins, "6-6 attacks 0-0");
    assert_eq!(d.pos.outcome(), blue_wins_by_flag());
}

#[test]
fn domino_beating_the_6_6_wins_the_game() {
    // Nothing outnumbers a 6 defense, but a 6 attack takes the 6-6 with it.
    let d = duel("domino", "6/1", "6/6");
    d.expect(BattleResult::BothRemoved, "6/1 attacks 6-6");
    assert_eq!(d.pos.outcome(), red_wins_by_flag());
}

#[test]
fn domino_losing_the_own_6_6_in_an_attack_loses_the_game() {
    let d = duel("domino", "6/6", "1/6");
    d.expect(BattleResult::BothRemoved, "6-6 attacks 1/6");
    assert_eq!(d.pos.outcome(), blue_wins_by_flag());
}

#[test]
fn domino_both_6_6_falling_together_is_a_draw() {
    let d = duel("domino", "6/6", "6/6");
    d.expect(BattleResult::BothRemoved, "6-6 against 6-6");
    assert_eq!(
        d.pos.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothFlagsLost
        })
    );
}

#[test]
fn domino_6_6_beats_a_lower_defense_and_play_goes_on() {
    let d = duel("domino", "6/6", "2/5");
    d.expect(BattleResult::AttackerWins, "6-6 attacks 2/5");
    assert_eq!(d.pos.outcome(), None);
}

// --------------------------------------------------------------- piecepack

#[test]
fn piecepack_rank_order() {
    check_rank_order(
        "piecepack",
        &["captain", "lieutenant", "sergeant", "miner", "scout"],
    );
}

#[test]
fn piecepack_bomb_beats_all_but_the_miner() {
    let v = variant("piecepack");
    let bomb = v.kind(v.kind_by_key("bomb").unwrap());
    assert_eq!(bomb.labels.modern, "2", "the bomb is the 2 coin");
    for attacker in ["captain", "lieutenant", "sergeant", "scout"] {
        duel("piecepack", &format!("yellow {attacker}"), "black bomb").expect(
            BattleResult::DefenderWins,
            &format!("{attacker} attacks the bomb"),
        );
    }
    duel("piecepack", "red miner", "blue bomb").expect(BattleResult::AttackerWins, "miner");
}

#[test]
fn piecepack_landing_on_the_flag_wins() {
    for attacker in ["scout", "miner", "captain"] {
        let d = duel("piecepack", &format!("red {attacker}"), "black flag");
        d.expect(BattleResult::AttackerWins, attacker);
        assert_eq!(d.pos.outcome(), red_wins_by_flag());
    }
}

#[test]
fn piecepack_has_no_spy() {
    let v = variant("piecepack");
    assert!(v.kind_by_key("spy").is_none());
    assert!(v.kinds.iter().all(|k| k.special != Special::Spy));
}

#[test]
fn piecepack_pawns_are_public_and_coins_show_only_their_suit() {
    let v = variant("piecepack");
    let p = arrange(
        "piecepack",
        GameOptions::defaults(&v),
        &[
            (Red, "a1", "red flag"),
            (Red, "b1", "yellow scout"),
            (Red, "c1", "yellow captain"),
            (Blue, "f6", "black flag"),
            (Blue, "e6", "blue scout"),
            (Blue, "d6", "blue lieutenant"),
        ],
        Red,
    );
    let blue = PlayerView::new(&p, Blue);
    let pawn = blue.at(sq("b1")).unwrap();
    assert_eq!(pawn.piece, Some(piece(&v, "yellow scout")));
    let coin = blue.at(sq("c1")).unwrap();
    assert_eq!(coin.piece, None, "a coin's value is hidden");
    assert_eq!(
        coin.suit,
        v.suit_by_key("yellow"),
        "a coin's suit is public"
    );
    let flag = blue.at(sq("a1")).unwrap();
    assert_eq!((flag.piece, flag.suit), (None, v.suit_by_key("red")));
    // And the same the other way round.
    let red = PlayerView::new(&p, Red);
    assert_eq!(
        red.at(sq("e6")).unwrap().piece,
        Some(piece(&v, "blue scout"))
    );
    assert_eq!(red.at(sq("d6")).unwrap().piece, None);
    assert_eq!(red.at(sq("d6")).unwrap().suit, v.suit_by_key("blue"));
    // Everyone sees their own coins.
    assert_eq!(
        red.at(sq("c1")).unwrap().piece,
        Some(piece(&v, "yellow captain"))
    );
}
