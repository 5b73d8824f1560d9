import type { PlayerCommand, PlayerInput, PlayerReport } from '../../../machines/video/video.machine';

/** One player behind the video machine's `player` actor: it takes commands and reports back. */
export interface PlayerBridge {
  command(command: PlayerCommand): void;
  destroy(): void;
}

export interface BridgeOptions {
  /** The island's `[data-video-player]` element. */
  host: HTMLElement;
  input: PlayerInput;
  title: string;
  width: number;
  height: number;
  report(event: PlayerReport): void;
  warn(message: string): void;
}
