/// <reference lib="webworker" />
/** The search worker's entry: each message is a request for searchService.ts. */
import {handle} from './searchService';
import type {Request} from './protocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<Request>) => {
  void handle(event.data, (reply) => self.postMessage(reply));
};
