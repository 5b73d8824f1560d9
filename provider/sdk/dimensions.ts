import { MESSAGES } from './errors';

export interface Dimension {
  value: number;
  unit: 'px' | '%';
}

const DIMENSION_PATTERN = /^(\d+(?:\.\d+)?)(px|%)$/;

/** §5: dimensions accept px or % values. */
export function parseDimension(text: string): Dimension {
  const match = DIMENSION_PATTERN.exec(text.trim());
  if (!match?.[1] || (match[2] !== 'px' && match[2] !== '%')) throw new Error(MESSAGES.invalidDimension(text));
  return { value: Number(match[1]), unit: match[2] };
}

export function isDimension(text: string): boolean {
  return DIMENSION_PATTERN.test(text.trim());
}
