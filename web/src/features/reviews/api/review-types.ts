/** One published review (issue 8; docs/api.md "Reviews"). */
export interface Review {
  id: number;
  /** Stars, 1..5. */
  rating: number;
  /** The reviewer's name as they typed it (plain text). */
  name: string;
  /** The review (plain text, never HTML; line breaks kept). */
  text: string;
  /** When it was written, RFC 3339. */
  createdAt: string;
}

/** `GET /api/reviews?page=N`: one page of the published reviews, newest first. */
export interface ReviewPage {
  /** The page's reviews; empty past the last page. */
  items: Review[];
  /** The page asked for, 1-based. */
  page: number;
  /** Reviews per page (the server's `REVIEWS_PAGE_SIZE`). */
  perPage: number;
  /** How many reviews are published in all. */
  total: number;
  /** Their mean rating to one decimal (`4.6`), `null` without reviews. */
  ratingValue: number | null;
}

/** `POST /api/reviews` body. */
export interface ReviewInput {
  /** Stars, an integer 1..5. */
  rating: number;
  /** At most `REVIEW_NAME_MAX_CHARS` (100) characters, not blank. */
  name: string;
  /** At most `REVIEW_TEXT_MAX_CHARS` (2000) characters, not blank. */
  text: string;
}

/** What became of a sent review: shown at once, or after the shop's moderation. */
export type ReviewStatus = 'published' | 'pending';

/** `POST /api/reviews` 201 answer. */
export interface PostedReview {
  status: ReviewStatus;
  review: Review;
}
