//! Where a learner is in a lesson answered by choosing (a deal lesson, the
//! referee's): which step, and whether it is answered. A step is answered
//! before the next one opens, and the last one ends the lesson.

/// The step being played and whether it is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepCursor {
    index: usize,
    count: usize,
    solved: bool,
}

impl StepCursor {
    /// At the first of `count` steps, unsolved.
    pub fn new(count: usize) -> StepCursor {
        StepCursor {
            index: 0,
            count,
            solved: false,
        }
    }

    /// The step being played, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    pub fn is_last(&self) -> bool {
        self.index + 1 >= self.count
    }

    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// The step answered right.
    pub fn solve(&mut self) {
        self.solved = true;
    }

    /// On to the next step; false (and nothing changes) when this one is
    /// not solved yet or is the last.
    pub fn advance(&mut self) -> bool {
        if !self.solved || self.is_last() {
            return false;
        }
        self.index += 1;
        self.solved = false;
        true
    }

    /// The step from its start again.
    pub fn restart(&mut self) {
        self.solved = false;
    }
}

#[cfg(test)]
mod tests {
    use super::StepCursor;

    #[test]
    fn a_step_opens_only_once_the_one_before_is_solved_and_the_last_ends() {
        let mut at = StepCursor::new(2);
        assert!(!at.advance(), "the first step is not solved");
        at.solve();
        at.restart();
        assert!(!at.is_solved() && !at.advance());
        at.solve();
        assert!(at.advance());
        assert_eq!((at.index(), at.is_solved(), at.is_last()), (1, false, true));
        at.solve();
        assert!(!at.advance(), "the last step ends the lesson");
        assert_eq!(at.index(), 1);
    }
}
