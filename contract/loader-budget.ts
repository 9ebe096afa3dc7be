/**
 * The work one loader analysis may do, counted in steps (a token visited, a text joined or searched),
 * never in time, so the server and the staff forms reach the same answer on any machine
 * (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md). The analysis is linear in the
 * loader's length: the longest loader the forms accept takes a few hundred thousand steps at most, in
 * any shape. The budget is the guard behind that bound: an analysis that reaches it stops and reports
 * the `incomplete` finding instead of running on.
 */
export const MAX_STEPS = 500_000;

/** Thrown when the budget is spent; the analysis catches it and answers what it could read. */
export class BudgetSpent extends Error {
  constructor() {
    super('The loader analysis reached its step budget');
  }
}

export class StepBudget {
  steps = 0;

  constructor(readonly limit: number = MAX_STEPS) {}

  spend(steps = 1): void {
    this.steps += steps;
    if (this.steps > this.limit) throw new BudgetSpent();
  }
}
