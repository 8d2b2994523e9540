import { describe, expect, it } from 'vitest';
import { activationProblem } from './product-activation.ts';
import { hasReturnRequested } from './order-returns.ts';

describe('activationProblem', () => {
  it("refuses the sample's name, however spaced, and lets a name of its own through", () => {
    expect(activationProblem({ name: 'Sample name' })).toMatch(/name of its own/);
    expect(activationProblem({ name: '  Sample name ' })).toMatch(/name of its own/);
    expect(activationProblem({ name: 'Sample name lamp' })).toBeUndefined();
    expect(activationProblem({ name: 'Desk Lamp' })).toBeUndefined();
  });
});

describe('hasReturnRequested', () => {
  it('is true only while a return waits for the decision', () => {
    expect(hasReturnRequested({ returns: [] })).toBe(false);
    expect(hasReturnRequested({ returns: [{ status: 'declined' }] })).toBe(false);
    expect(hasReturnRequested({ returns: [{ status: 'accepted' }, { status: 'requested' }] })).toBe(
      true,
    );
  });
});
