//! The searches of PAIP chapter 18 (Norvig, "Paradigms of Artificial
//! Intelligence Programming", 1992), kept move for move:
//! `maximizer`, `minimax`, `alpha-beta` and `alpha-beta3` (killer moves).
//!
//! The chapter's rules: moves are tried in natural order a1, b1, ..., h8;
//! only a strictly better value replaces the best move, so the first of
//! equal moves is kept; a pass costs a ply; a finished game scores
//! [`WIN`], 0 or -[`WIN`] by the sign of the disc difference. The evaluation
//! `eval(me, other)` scores the board for the side owning `me`.

use crate::board::Board;
use crate::square::Square;

/// PAIP's `winning-value`, `most-positive-fixnum` (far above any evaluation).
pub const WIN: i64 = 1 << 50;
/// PAIP's `losing-value`, `most-negative-fixnum`: one below `-WIN`, as in
/// two's-complement Lisp fixnums. The asymmetry is kept on purpose: a loss
/// negated (`WIN + 1`) beats a win found directly (`WIN`), which decides
/// between winning lines exactly as the chapter's code does.
pub const LOSS: i64 = -WIN - 1;

/// PAIP's `final-value`: the sign of the disc difference as a win, draw or loss.
pub fn final_value(board: &Board) -> i64 {
    match board.disc_difference().signum() {
        1 => WIN,
        -1 => LOSS,
        _ => 0,
    }
}

/// Whether the opponent of the side to move has a legal move.
fn opponent_can_move(board: &Board) -> bool {
    board.pass().moves() != 0
}

/// The board after a legal move of the side to move.
fn after(board: &Board, square: Square) -> Board {
    board.play_flips(square, board.flips(square))
}

/// `maximizer`: the first move whose resulting board `eval` scores highest
/// for the mover. `None` when the side to move has no move.
pub fn maximizer(board: &Board, eval: &impl Fn(u64, u64) -> i64) -> Option<Square> {
    let mut best: Option<(i64, Square)> = None;
    for square in board.move_list() {
        let next = after(board, square);
        let value = eval(next.opponent, next.player);
        if best.is_none_or(|(best_value, _)| value > best_value) {
            best = Some((value, square));
        }
    }
    best.map(|(_, square)| square)
}

/// `minimax`: the value for the side to move searching `ply` plies, and the
/// first best move (`None` at a leaf, a pass or the end of the game).
pub fn minimax(board: &Board, ply: u32, eval: &impl Fn(u64, u64) -> i64) -> (i64, Option<Square>) {
    if ply == 0 {
        return (eval(board.player, board.opponent), None);
    }
    if board.moves() == 0 {
        if opponent_can_move(board) {
            return (-minimax(&board.pass(), ply - 1, eval).0, None);
        }
        return (final_value(board), None);
    }
    let mut best: Option<(i64, Square)> = None;
    for square in board.move_list() {
        let value = -minimax(&after(board, square), ply - 1, eval).0;
        if best.is_none_or(|(best_value, _)| value > best_value) {
            best = Some((value, square));
        }
    }
    let (value, square) = best.expect("a move was tried");
    (value, Some(square))
}

/// `alpha-beta`: minimax with cutoffs (fail-hard: the value is clamped to
/// `achievable..=cutoff`); the best move starts as the first legal move.
pub fn alpha_beta(
    board: &Board,
    mut achievable: i64,
    cutoff: i64,
    ply: u32,
    eval: &impl Fn(u64, u64) -> i64,
) -> (i64, Option<Square>) {
    if ply == 0 {
        return (eval(board.player, board.opponent), None);
    }
    let moves = board.moves();
    if moves == 0 {
        if opponent_can_move(board) {
            let value = alpha_beta(&board.pass(), -cutoff, -achievable, ply - 1, eval).0;
            return (-value, None);
        }
        return (final_value(board), None);
    }
    let mut best = Square::from_lowest_bit(moves);
    for square in board.move_list() {
        let value = -alpha_beta(&after(board, square), -cutoff, -achievable, ply - 1, eval).0;
        if value > achievable {
            achievable = value;
            best = square;
        }
        if achievable >= cutoff {
            break;
        }
    }
    (achievable, Some(best))
}

/// `alpha-beta3`: alpha-beta trying `killer` first when it is legal, and
/// handing each child the reply that refuted the best-for-us sibling so far
/// (the reply from the child with the lowest value for the mover).
pub fn alpha_beta3(
    board: &Board,
    mut achievable: i64,
    cutoff: i64,
    ply: u32,
    eval: &impl Fn(u64, u64) -> i64,
    killer: Option<Square>,
) -> (i64, Option<Square>) {
    if ply == 0 {
        return (eval(board.player, board.opponent), None);
    }
    let moves = board.moves();
    if moves == 0 {
        if opponent_can_move(board) {
            let value = alpha_beta3(&board.pass(), -cutoff, -achievable, ply - 1, eval, None).0;
            return (-value, None);
        }
        return (final_value(board), None);
    }
    let killer = killer.filter(|square| moves & square.bit() != 0);
    let mut ordered: Vec<Square> = killer.into_iter().collect();
    ordered.extend(board.move_list().filter(|&square| Some(square) != killer));
    let mut best = ordered[0];
    let mut killer2 = None;
    let mut killer2_value = WIN;
    for square in ordered {
        let (value, reply) = alpha_beta3(
            &after(board, square),
            -cutoff,
            -achievable,
            ply - 1,
            eval,
            killer2,
        );
        let value = -value;
        if value > achievable {
            achievable = value;
            best = square;
        }
        if reply.is_some() && value < killer2_value {
            killer2 = reply;
            killer2_value = value;
        }
        if achievable >= cutoff {
            break;
        }
    }
    (achievable, Some(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::paip_eval::PaipEval;

    fn eval(kind: PaipEval) -> impl Fn(u64, u64) -> i64 {
        move |me, other| kind.evaluate(me, other)
    }

    #[test]
    fn alpha_beta_agrees_with_minimax() {
        let mut board = Board::START;
        for _ in 0..12 {
            if board.is_game_over() {
                break;
            }
            for kind in PaipEval::ALL {
                let e = eval(kind);
                for ply in 1..=3 {
                    let full = minimax(&board, ply, &e);
                    assert_eq!(alpha_beta(&board, LOSS, WIN, ply, &e), full);
                    assert_eq!(alpha_beta3(&board, LOSS, WIN, ply, &e, None).0, full.0);
                }
            }
            let square = board.move_list().last().unwrap();
            board = after(&board, square);
            if board.moves() == 0 {
                board = board.pass();
            }
        }
    }

    #[test]
    fn finished_games_score_by_the_sign_only() {
        let won = Board::new(0b111, 1 << 63).unwrap();
        assert_eq!(final_value(&won), WIN);
        assert_eq!(minimax(&won, 3, &eval(PaipEval::Mobility)), (WIN, None));
        assert_eq!(final_value(&won.pass()), LOSS);
    }
}
