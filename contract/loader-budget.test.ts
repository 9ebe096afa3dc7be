import { describe, expect, it } from 'vitest';
import { BudgetSpent, MAX_STEPS, StepBudget } from './loader-budget.ts';

// The loader analysis's step budget (the analysis on hostile loaders, up to and past it:
// tests/api/loader-analysis-bounds.test.ts).

describe('the step budget', () => {
  it('counts steps up to its limit, and throws BudgetSpent past it', () => {
    const budget = new StepBudget(3);
    budget.spend();
    budget.spend(2);
    expect(budget.steps).toBe(3);
    expect(() => budget.spend()).toThrow(BudgetSpent);
    expect(budget.steps).toBe(4);
  });

  it('allows MAX_STEPS unless told otherwise', () => {
    const budget = new StepBudget();
    expect(budget.limit).toBe(MAX_STEPS);
    budget.spend(MAX_STEPS);
    expect(() => budget.spend()).toThrow(BudgetSpent);
  });
});
