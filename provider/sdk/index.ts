/** The payment provider's SDK client: a typed library the donate button and any page can use. */
export * from './constants';
export * from './errors';
export * from './query';
export * from './config';
export * from './locale';
export * from './tokens';
export * from './storage';
export * from './experiment';
export * from './request';
export * from './promise-timeout';
export * from './order.rules';
export * from './api';
export * from './fraud-script';
export * from './trust';
export * from './dimensions';
export * from './logger';
export * from './browser';
