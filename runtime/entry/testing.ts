/**
 * `sitecharts/testing` (issue 32): a site's widget tests. The ordered test clock (`advanceBy` fires
 * every timer due in the window, in time order) and the replay API: a scenario (JSON) run on the
 * test clock against a catalog of machines, and a scenario written from a recorded trace.
 */
export { FRAME_MS, type TestClock } from '../clock';
export { createTestClock } from '../test-clock';
export { parseScenario, type Scenario, type ScenarioStep, type StateValueJson } from '../replay/scenario';
export { findEntry, runScenario, seededRandom, type ReplayOptions, type ReplayResult } from '../replay/run';
export { reachedBy, type CatalogEntry, type Unreachable } from '../replay/catalog-types';
export { scenarioFromTrace } from '../replay/record';
