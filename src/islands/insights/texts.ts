/** What each scatterplot shows, the same on /insights and /hehe. */
export const SCATTER_INTRO = 'Each dot is one respondent, placed by their normalized values.';
export const RELATIVE_INTRO =
  'Each value is rescaled between the lowest and the highest anyone scored on it, so the crowd spreads over the whole plot.';
