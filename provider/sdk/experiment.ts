import { DEFAULT_EXPERIMENT_SAMPLE, type ExperimentGroup } from './constants';
import type { SdkStorage, StorageLike } from './storage';

/** Reference notes: percentile below the sample is test; else control when sample >= 50 or sample <= p < 2 * sample; else throttle. */
export function groupFor(percentile: number, sample: number): ExperimentGroup {
  if (percentile < sample) return 'test';
  if (sample >= 50 || (sample <= percentile && percentile < sample * 2)) return 'control';
  return 'throttle';
}

/** The logger an experiment reports to (provider/sdk/logger.ts fits). */
export interface ExperimentLog {
  info(event: string, payload?: Record<string, unknown>): void;
  /** The treatment's own tracking event. */
  track?(payload: Record<string, unknown>): void;
  flush?(): void;
}

/** The provider's tracking keys and values for an experiment treatment (its FPTI PXP check). */
export const TREATMENT_TRACKING = { state_name: 'PXP_CHECK', transition_name: 'process_pxp_check' } as const;

export interface ExperimentOptions {
  name: string;
  /** Percent of visitors in the test group (default 50). */
  sample?: number;
  storage: SdkStorage;
  /** localStorage itself, read for the force-enable key; null when unavailable. */
  localStorage: StorageLike | null;
  /** A number in [0, 1). */
  random: () => number;
  log?: ExperimentLog;
}

export interface Experiment {
  percentile: number;
  group: ExperimentGroup;
  /** `<name>_<group>`. */
  treatment: string;
  isEnabled(): boolean;
  /** Marks the experiment started, then logs the `start` checkpoint. */
  logStart(payload?: Record<string, unknown>): void;
  /** Logged only after logStart. */
  logComplete(payload?: Record<string, unknown>): void;
  /** Logged only after logStart. */
  logCheckpoint(checkpoint: string, payload?: Record<string, unknown>): void;
}

/**
 * §4 experiments: a sticky random percentile 0-99 per experiment name in storage; a truthy
 * localStorage key equal to the name forces it on. Reference notes: each treatment and each
 * checkpoint is logged once per session; as the provider's code, "once" is per payload, so the
 * treatment is tracked as its own event and a checkpoint with a new payload is logged again.
 */
export function createExperiment({ name, sample = DEFAULT_EXPERIMENT_SAMPLE, storage, localStorage, random, log }: ExperimentOptions): Experiment {
  const percentile = storage.getState((state) => {
    const percentiles = isNumberRecord(state.percentiles) ? state.percentiles : {};
    const stored = percentiles[name];
    const value = typeof stored === 'number' && stored >= 0 && stored < 100 ? stored : Math.floor(random() * 100);
    state.percentiles = { ...percentiles, [name]: value };
    return value;
  });
  const group = groupFor(percentile, sample);
  const treatment = `${name}_${group}`;

  const forced = (): boolean => {
    try {
      return Boolean(localStorage?.getItem(name));
    } catch {
      return false;
    }
  };

  /** True the first time this session sees the key. */
  const firstInSession = (key: string): boolean =>
    storage.getSessionState((session) => {
      const logged = Array.isArray(session.loggedBeacons) ? (session.loggedBeacons as unknown[]) : [];
      if (logged.includes(key)) return false;
      session.loggedBeacons = [...logged, key];
      return true;
    });

  // As the provider's experiment (krakenjs/belter src/experiment.ts, `log`): nothing is logged
  // until logStart has been called on this experiment; completion and checkpoints before it are dropped.
  let started = false;

  const logCheckpoint = (checkpoint: string, payload: Record<string, unknown> = {}) => {
    if (!started) return;
    const event = `${treatment}_${checkpoint}`;
    const payloadKey = JSON.stringify(payload);
    if (firstInSession(`${treatment}_${payloadKey}`)) {
      log?.track?.({ ...TREATMENT_TRACKING, pxp_exp_id: name, pxp_trtmnt_id: treatment, ...payload });
      log?.flush?.();
    }
    if (firstInSession(`${event}_${payloadKey}`)) {
      log?.info(event, { ...payload, expuid: percentile.toString(), treatment });
      log?.flush?.();
    }
  };

  return {
    percentile,
    group,
    treatment,
    isEnabled: () => group === 'test' || forced(),
    logStart: (payload) => {
      started = true;
      logCheckpoint('start', payload);
    },
    logComplete: (payload) => logCheckpoint('complete', payload),
    logCheckpoint,
  };
}

function isNumberRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
