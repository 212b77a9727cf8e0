//! Turns a `VariantSpec` into a `Variant`, collecting every problem at once.

use super::spec::{PieceSpec, VariantSpec};
use super::*;

const FORMAT: u32 = 1;

struct Problems(Vec<Problem>);

impl Problems {
    fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem {
            field: field.into(),
            message: message.into(),
        });
    }
}

pub(super) fn build(source: &str, spec: VariantSpec) -> Result<Variant, VariantError> {
    let mut problems = Problems(Vec::new());
    let variant = build_unchecked(&spec, &mut problems);
    if problems.0.is_empty() {
        check_army_fits(&variant, &mut problems);
    }
    if problems.0.is_empty() {
        Ok(variant)
    } else {
        Err(VariantError {
            file: source.to_string(),
            problems: problems.0,
        })
    }
}

fn build_unchecked(spec: &VariantSpec, problems: &mut Problems) -> Variant {
    if spec.format != FORMAT {
        problems.add(
            "format",
            format!(
                "version {} is not supported (this app reads version {FORMAT})",
                spec.format
            ),
        );
    }
    let id_ok = !spec.id.is_empty()
        && spec
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        problems.add(
            "id",
            format!(
                "\"{}\" must be lowercase letters, digits and dashes",
                spec.id
            ),
        );
    }
    if spec.name.trim().is_empty() {
        problems.add("name", "must not be empty");
    }
    let board = build_board(spec, problems);
    let setup = SetupZone {
        rows: spec.setup.rows.min(u8::MAX as u32) as u8,
        must_fill: spec.setup.must_fill,
        anywhere: spec.setup.anywhere,
    };
    if spec.setup.anywhere {
        if spec.setup.rows != board.rows as u32 {
            problems.add(
                "setup.rows",
                format!(
                    "a setup anywhere covers all {} rows of the board, not {}",
                    board.rows, spec.setup.rows
                ),
            );
        }
        if spec.setup.must_fill {
            problems.add(
                "setup.must_fill",
                "a setup anywhere shares the board, so neither side can fill it",
            );
        }
    } else if spec.setup.rows == 0 || spec.setup.rows.saturating_mul(2) > board.rows as u32 {
        problems.add(
            "setup.rows",
            format!(
                "{} setup rows per side do not fit a board of {} rows (each side needs its own rows)",
                spec.setup.rows, board.rows
            ),
        );
    }
    let suits = build_suits(spec, problems);
    let (kinds, combat, army) = match &spec.combat {
        spec::CombatSpec::Rank { .. } => build_rank_army(spec, problems),
        spec::CombatSpec::Domino { flag, flag_slayer } => {
            build_domino_army(spec, flag, flag_slayer, problems)
        }
    };
    let army = match (&spec.suits, army) {
        (Some(suits_spec), ArmyRule::Fixed) => {
            let find = |key: &str, field: &str, problems: &mut Problems| {
                let found = kinds
                    .iter()
                    .position(|k| k.key == key)
                    .map(|i| KindId(i as u8));
                if found.is_none() {
                    problems.add(field, format!("no piece kind \"{key}\""));
                }
                found.unwrap_or(KindId(0))
            };
            let first = find(
                &suits_spec.discard.one_suit_loses,
                "suits.discard.one_suit_loses",
                problems,
            );
            let second = find(
                &suits_spec.discard.other_suit_loses,
                "suits.discard.other_suit_loses",
                problems,
            );
            if first == second {
                problems.add("suits.discard", "the two discards must be different kinds");
            }
            for (side_suits, side) in [(&suits_spec.red, "red"), (&suits_spec.blue, "blue")] {
                if side_suits.len() != 2 {
                    problems.add(
                        format!("suits.{side}"),
                        format!(
                            "a side discards from exactly two suits, found {}",
                            side_suits.len()
                        ),
                    );
                }
            }
            ArmyRule::Suited {
                first_loss: first,
                second_loss: second,
            }
        }
        (Some(_), _) => {
            problems.add(
                "suits",
                "suits are only supported with the rank combat model",
            );
            ArmyRule::Fixed
        }
        (None, army) => army,
    };
    let rules = build_rules(spec, problems);
    if rules.rescue.offered && army != ArmyRule::Fixed {
        problems.add("rules.rescue", "Rescue is only supported for fixed armies");
    }
    Variant {
        id: spec.id.clone(),
        name: spec.name.clone(),
        summary: spec.summary.clone(),
        sources: spec.sources.clone(),
        board,
        setup,
        kinds,
        suits,
        combat,
        army,
        rules,
    }
}

fn build_board(spec: &VariantSpec, problems: &mut Problems) -> Board {
    let mut dims = [spec.board.columns, spec.board.rows];
    for (value, field) in dims.iter_mut().zip(["board.columns", "board.rows"]) {
        if !(2..=MAX_SIDE).contains(value) {
            problems.add(field, format!("{value} is outside 2..{MAX_SIDE}"));
            *value = (*value).clamp(2, MAX_SIDE);
        }
    }
    let mut board = Board {
        columns: dims[0] as u8,
        rows: dims[1] as u8,
        blocked: Vec::new(),
        blocked_name: spec.board.blocked_name.clone(),
    };
    for (i, name) in spec.board.blocked.iter().enumerate() {
        let field = format!("board.blocked[{i}]");
        match name.parse::<Square>() {
            Err(e) => problems.add(field, e.to_string()),
            Ok(sq) if !board.contains(sq) => problems.add(
                field,
                format!("{sq} is off the {}x{} board", board.columns, board.rows),
            ),
            Ok(sq) if board.blocked.contains(&sq) => {
                problems.add(field, format!("{sq} is listed twice"))
            }
            Ok(sq) => board.blocked.push(sq),
        }
    }
    board
}

const MAX_SIDE: u32 = crate::core::square::MAX_BOARD_SIDE as u32;

fn build_suits(spec: &VariantSpec, problems: &mut Problems) -> Vec<Suit> {
    let Some(suits) = &spec.suits else {
        return Vec::new();
    };
    let mut out: Vec<Suit> = Vec::new();
    for (list, side, side_name) in [
        (&suits.red, Side::Red, "red"),
        (&suits.blue, Side::Blue, "blue"),
    ] {
        for (i, suit) in list.iter().enumerate() {
            if out.iter().any(|s| s.key == suit.id) {
                problems.add(
                    format!("suits.{side_name}[{i}].id"),
                    format!("suit \"{}\" is listed twice", suit.id),
                );
            }
            out.push(Suit {
                key: suit.id.clone(),
                name: suit.name.clone(),
                side,
            });
        }
    }
    out
}

fn parse_mobility(text: &str) -> Option<Mobility> {
    match text {
        "none" => Some(Mobility::Immobile),
        "step" => Some(Mobility::Step),
        "line" => Some(Mobility::Line),
        "two-steps" => Some(Mobility::TwoSteps),
        _ => None,
    }
}

fn parse_special(text: Option<&str>) -> Option<Special> {
    match text {
        None => Some(Special::None),
        Some("bomb") => Some(Special::Bomb),
        Some("flag") => Some(Special::Flag),
        Some("spy") => Some(Special::Spy),
        Some("miner") => Some(Special::Miner),
        Some(_) => None,
    }
}

fn build_rank_army(
    spec: &VariantSpec,
    problems: &mut Problems,
) -> (Vec<KindDef>, Combat, ArmyRule) {
    if spec.dominoes.is_some() {
        problems.add("dominoes", "only the domino combat model deals dominoes");
    }
    if spec.pieces.is_empty() {
        problems.add("pieces", "the army has no pieces");
    }
    if spec.pieces.len() > 100 {
        problems.add("pieces", "more than 100 kinds");
    }
    let kinds: Vec<KindDef> = spec
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| build_kind(i, p, problems))
        .collect();
    for (i, kind) in kinds.iter().enumerate() {
        if kinds[..i].iter().any(|k| k.key == kind.key) {
            problems.add(
                format!("pieces[{i}].id"),
                format!("\"{}\" is listed twice", kind.key),
            );
        }
    }
    if !kinds.iter().any(|k| k.is_flag) {
        problems.add(
            "pieces",
            "the army has no flag (a kind with \"special\": \"flag\")",
        );
    }
    if !kinds.iter().any(|k| k.mobility != Mobility::Immobile) {
        problems.add("pieces", "the army has no piece that can move");
    }
    let spy_target = spy_target(&kinds, problems);
    let one_time_bombs = matches!(
        spec.combat,
        spec::CombatSpec::Rank {
            one_time_bombs: true
        }
    );
    (
        kinds,
        Combat::Rank {
            spy_target,
            one_time_bombs,
        },
        ArmyRule::Fixed,
    )
}

/// The spy defeats the highest-ranked kind of the army (the Marshal, or the
/// General where there is no Marshal).
fn spy_target(kinds: &[KindDef], problems: &mut Problems) -> Option<KindId> {
    if !kinds.iter().any(|k| k.special == Special::Spy) {
        return None;
    }
    let fighters = || {
        kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| matches!(k.special, Special::None | Special::Miner))
    };
    let best = fighters().map(|(_, k)| k.rank).max();
    let top: Vec<usize> = fighters()
        .filter(|(_, k)| Some(k.rank) == best)
        .map(|(i, _)| i)
        .collect();
    match top.as_slice() {
        [only] => Some(KindId(*only as u8)),
        [] => {
            problems.add("pieces", "the spy needs a ranked kind to hunt");
            None
        }
        _ => {
            problems.add(
                "pieces",
                "the spy's target is ambiguous: two kinds share the highest rank",
            );
            None
        }
    }
}

fn build_kind(i: usize, p: &PieceSpec, problems: &mut Problems) -> KindDef {
    let field = |name: &str| format!("pieces[{i}].{name}");
    if p.id.is_empty() {
        problems.add(field("id"), "must not be empty");
    }
    let mobility = parse_mobility(&p.mobility).unwrap_or_else(|| {
        problems.add(
            field("move"),
            format!(
                "\"{}\" is not one of none, step, line, two-steps",
                p.mobility
            ),
        );
        Mobility::Step
    });
    let special = parse_special(p.special.as_deref()).unwrap_or_else(|| {
        problems.add(
            field("special"),
            format!(
                "\"{}\" is not one of bomb, flag, spy, miner",
                p.special.as_deref().unwrap_or("")
            ),
        );
        Special::None
    });
    if matches!(special, Special::Bomb | Special::Flag) && mobility != Mobility::Immobile {
        problems.add(
            field("move"),
            format!("a {} never moves: use \"none\"", p.name),
        );
    }
    let rank = match (special, p.rank) {
        (Special::Bomb, _) => p.rank.unwrap_or(0),
        (_, Some(rank)) if !(0..=100).contains(&rank) => {
            problems.add(field("rank"), format!("{rank} is outside 0..100"));
            0
        }
        (_, Some(rank)) => rank,
        (_, None) => {
            problems.add(field("rank"), "a ranked piece needs a rank");
            0
        }
    };
    if p.count == 0 || p.count > 100 {
        problems.add(field("count"), format!("{} is outside 1..100", p.count));
    }
    let labels = match &p.labels {
        Some(l) => Labels {
            modern: l.modern.clone(),
            classic: l.classic.clone(),
        },
        None => {
            let initial: String = p.name.chars().take(1).collect();
            Labels {
                modern: initial.clone(),
                classic: initial,
            }
        }
    };
    KindDef {
        key: p.id.clone(),
        name: p.name.clone(),
        rank,
        count: p.count,
        mobility,
        special,
        is_flag: special == Special::Flag,
        public: p.public,
        labels,
        pips: None,
    }
}

fn build_domino_army(
    spec: &VariantSpec,
    flag: &str,
    flag_slayer: &str,
    problems: &mut Problems,
) -> (Vec<KindDef>, Combat, ArmyRule) {
    if !spec.pieces.is_empty() {
        problems.add(
            "pieces",
            "a domino variant's pieces are its stones: leave \"pieces\" empty",
        );
    }
    let Some(dominoes) = &spec.dominoes else {
        problems.add(
            "dominoes",
            "the domino combat model needs a \"dominoes\" section",
        );
        return (
            Vec::new(),
            Combat::Rank {
                spy_target: None,
                one_time_bombs: false,
            },
            ArmyRule::Fixed,
        );
    };
    let max = if (1..=9).contains(&dominoes.max_pips) {
        dominoes.max_pips as u8
    } else {
        problems.add(
            "dominoes.max_pips",
            format!("{} is outside 1..9", dominoes.max_pips),
        );
        6
    };
    let mut kinds = Vec::new();
    for low in 0..=max {
        for high in low..=max {
            let name = format!("{low}-{high}");
            kinds.push(KindDef {
                key: name.clone(),
                name: name.clone(),
                rank: 0,
                count: 1,
                mobility: Mobility::Step,
                special: Special::None,
                is_flag: false,
                public: false,
                labels: Labels {
                    modern: name.clone(),
                    classic: name,
                },
                pips: Some((low, high)),
            });
        }
    }
    let mut find = |key: &str, field: &str| {
        let found = kinds
            .iter()
            .position(|k| k.key == key)
            .map(|i| KindId(i as u8));
        if found.is_none() {
            problems.add(
                field,
                format!(
                    "\"{key}\" is not a stone of a double-{max} set (write low-high, like 2-5)"
                ),
            );
        }
        found.unwrap_or(KindId(0))
    };
    let flag = find(flag, "combat.flag");
    let flag_slayer = find(flag_slayer, "combat.flag_slayer");
    let must_hold: Vec<KindId> = dominoes
        .must_hold
        .iter()
        .enumerate()
        .map(|(i, key)| find(key, &format!("dominoes.must_hold[{i}]")))
        .collect();
    if flag == flag_slayer {
        problems.add("combat.flag_slayer", "must differ from the flag stone");
    }
    kinds[flag.0 as usize].is_flag = true;
    let total = kinds.len() as u32;
    if dominoes.dealt == 0 || dominoes.dealt > total {
        problems.add(
            "dominoes.dealt",
            format!(
                "{} is outside 1..{total} (the stones in a set)",
                dominoes.dealt
            ),
        );
    }
    if must_hold.len() as u32 > dominoes.dealt {
        problems.add(
            "dominoes.must_hold",
            "more stones must be held than are dealt",
        );
    }
    if !must_hold.contains(&flag) {
        problems.add(
            "dominoes.must_hold",
            "the flag stone must be among the stones every deal holds",
        );
    }
    let army = ArmyRule::Domino {
        dealt: dominoes.dealt,
        must_hold,
    };
    (kinds, Combat::Domino { flag, flag_slayer }, army)
}

fn build_rules(spec: &VariantSpec, problems: &mut Problems) -> RuleParams {
    let rules = &spec.rules;
    let parse = |text: &str, field: String, problems: &mut Problems| {
        text.parse::<TwoSquares>().unwrap_or_else(|e| {
            problems.add(field, e.to_string());
            TwoSquares::Off
        })
    };
    let choices: Vec<TwoSquares> = rules
        .two_squares
        .choices
        .iter()
        .enumerate()
        .map(|(i, c)| parse(c, format!("rules.two_squares.choices[{i}]"), problems))
        .collect();
    let default = parse(
        &rules.two_squares.default,
        "rules.two_squares.default".into(),
        problems,
    );
    if !choices.contains(&default) {
        problems.add("rules.two_squares.default", "must be one of the choices");
    }
    if rules.quiet_ply_limit == Some(0) {
        problems.add(
            "rules.quiet_ply_limit",
            "0 would end every game at once: use null for no limit",
        );
    }
    let offer = |o: &spec::OptionSpec, field: &str, problems: &mut Problems| {
        if o.default && !o.offered {
            problems.add(
                field,
                "an option that is not offered cannot be on by default",
            );
        }
        Offer {
            offered: o.offered,
            default: o.default,
        }
    };
    let aggressor_advantage = offer(
        &rules.aggressor_advantage,
        "rules.aggressor_advantage",
        problems,
    );
    let silent_defense = offer(&rules.silent_defense, "rules.silent_defense", problems);
    let more_squares = offer(&rules.more_squares, "rules.more_squares", problems);
    let rescue_offer = offer(
        &spec::OptionSpec {
            offered: rules.rescue.offered,
            default: rules.rescue.default,
        },
        "rules.rescue",
        problems,
    );
    if rules.rescue.offered && !(1..=20).contains(&rules.rescue.per_player) {
        problems.add(
            "rules.rescue.per_player",
            format!("{} is outside 1..20", rules.rescue.per_player),
        );
    }
    RuleParams {
        two_squares_default: default,
        two_squares_choices: choices,
        quiet_ply_limit: rules.quiet_ply_limit,
        more_squares,
        aggressor_advantage,
        silent_defense,
        rescue: RescueRule {
            offered: rescue_offer.offered,
            default: rescue_offer.default,
            per_player: rules.rescue.per_player.min(20) as u8,
            same_piece_twice: rules.rescue.same_piece_twice,
            by_scouts: rules.rescue.by_scouts,
            bombs: rules.rescue.bombs,
        },
    }
}

/// Each side's army must fit its zone (and fill it exactly when it must be filled).
fn check_army_fits(variant: &Variant, problems: &mut Problems) {
    if matches!(variant.army, ArmyRule::Suited { .. })
        && Side::BOTH
            .iter()
            .any(|&side| variant.suits_of(side).count() != 2)
    {
        return;
    }
    let per_side = variant.army_size();
    if per_side > 126 {
        problems.add(
            "pieces",
            format!("{per_side} pieces per side; at most 126 are supported"),
        );
        return;
    }
    for side in Side::BOTH {
        let free = variant.setup_squares(side).len() as u32;
        // The English name: variant problems are for developers.
        let field = format!("setup ({})", side.name());
        if variant.setup.must_fill && free != per_side {
            problems.add(
                field,
                format!("the zone has {free} free squares but the army has {per_side} pieces, and it must be filled"),
            );
        } else if per_side > free {
            problems.add(
                field,
                format!("{per_side} pieces do not fit the {free} free squares of the zone"),
            );
        }
    }
}
