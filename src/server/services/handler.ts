import type { handleServerStreamingCall, handleUnaryCall } from '@grpc/grpc-js';
import type { Identity } from '../auth/authenticate.js';

/** What the transport tells a handler about the call: who makes it (after authentication). */
export interface CallContext {
  identity?: Identity;
}

/**
 * A unary handler shared by gRPC and the HTTP gateway: request message in, response message out.
 * The request is the receiver's form of the message (every field present, as `LOADER_OPTIONS` give
 * it); the response may be any sender's form (fields optional). `context` carries the caller's
 * identity; it is absent for in-process calls such as the console's.
 */
export type UnaryHandler<Req, Res> = (request: Req, context?: CallContext) => Promise<Res>;

/**
 * A server-streaming handler shared by gRPC and the HTTP gateway (as Server-Sent Events): sends
 * response messages through `send` until it resolves; `signal` aborts when the caller goes away;
 * `context` carries the caller's identity as for a unary handler. Throws ServiceErrors like a unary
 * handler.
 */
export type ServerStreamHandler<Req, Res> = (
  request: Req,
  send: (message: Res) => void,
  signal: AbortSignal,
  context?: CallContext,
) => Promise<void>;

/** The RPC names of a generated `*ServiceHandlers` interface, without its untyped index signature. */
type RpcName<K> = string extends K ? never : K;

/**
 * The unary RPCs of a generated `*ServiceHandlers` interface (e.g. `AdminServiceHandlers`), each as a
 * promise-style {@link UnaryHandler} of that RPC's request and response messages: a handler record of
 * this type is checked against `proto/` for every RPC's name, request and response.
 */
export type UnaryHandlers<Service> = {
  [K in keyof Service as Service[K] extends handleServerStreamingCall<never, never>
    ? never
    : RpcName<K>]: Service[K] extends handleUnaryCall<infer Req, infer Res> ? UnaryHandler<Req, Res> : never;
};

/** The server-streaming RPCs of a generated `*ServiceHandlers` interface, each as a {@link ServerStreamHandler}. */
export type ServerStreamHandlers<Service> = {
  [K in keyof Service as Service[K] extends handleServerStreamingCall<never, never>
    ? RpcName<K>
    : never]: Service[K] extends handleServerStreamingCall<infer Req, infer Res>
    ? ServerStreamHandler<Req, Res>
    : never;
};

/**
 * Any unary handler, as the transports and the console hold them: by RPC name, found at run time in
 * the API's descriptor, and given the request that RPC's own request type decoded (gRPC) or mapped
 * from JSON (gateway). Every typed {@link UnaryHandler} is one: its request type was checked where
 * its record was typed ({@link UnaryHandlers}), so this form compares requests both ways (a method's
 * parameter) instead of narrowing them.
 */
export type Handler = {
  handle(request: object, context?: CallContext): Promise<object>;
}['handle'];

/** Any server-streaming handler, as the transports hold them by RPC name (see {@link Handler}). */
export type StreamHandler = {
  handle(
    request: object,
    send: (message: object) => void,
    signal: AbortSignal,
    context?: CallContext,
  ): Promise<void>;
}['handle'];
