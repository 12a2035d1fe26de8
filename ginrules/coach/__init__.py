"""What serves a learner, on the play page, the exercises page and in the terminal: the
reports that explain a hand, a showdown or a deal (:mod:`~ginrules.coach.reports`), the
tutor's advice from a seat's view (:mod:`~ginrules.coach.tutor`), the table of chances
(:mod:`~ginrules.coach.hints`), the exercises (:mod:`~ginrules.coach.exercises`) and the
play table, a game between a reader and the computer (:mod:`~ginrules.coach.table`).

Each module answers from the engine's rules core and the computer players; none of
them holds a rule of the game.
"""
