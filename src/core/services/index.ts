/** The app services: the core both shells host, and its one request/event interface. */
export { AppCore, DEFAULT_PROFILE, type AppCoreOptions } from './app-core';
export { createDispatcher, type ChannelHandlers, type RequestHandler } from './dispatcher';
export { AppEvents, type EventListener } from './events';
export { ServiceError, toIpcError, type ServiceErrorCode } from './service-error';
export { looksLikeSecret, newHtlcSecret } from './transactions/drafts';
export { FAUCET_DEFAULT_AMOUNT, FAUCET_MAX_AMOUNT } from '../node/controls';
export { STUCK_AFTER_BLOCKS } from './transactions/stuck-reason';
export { DEFAULT_MAX_TRANSACTION_AGE } from '../chain-access';
