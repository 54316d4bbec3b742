"""What is said about a hotel wherever it is shown, each computed in one place: a results
card (``search.presenters``) and the hotel page (``hotels.presenters``) both call these."""

REVIEW_WORDS = (
    (9, "review.superb"),
    (8, "review.very_good"),
    (7, "review.good"),
    (6, "review.pleasant"),
)


def review_word(score: float | None) -> str:
    """The catalog key of the word for a review score ("Very good" from 8)."""
    for floor, key in REVIEW_WORDS:
        if score is not None and score >= floor:
            return key
    return "review.score"
