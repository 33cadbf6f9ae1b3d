import type { z } from 'zod';
import { MAX } from '../limits';
import { noDescriptionSchemas } from './item';

/** Resources: the same shape and rules as items (spec §3, §5). */
const resource = noDescriptionSchemas(MAX.resourceNo);
export const ZResource = resource.record;
export type TResource = z.infer<typeof ZResource>;
export const ZCreateResourceInput = resource.create;
export type TCreateResourceInput = z.input<typeof ZCreateResourceInput>;
export const ZUpdateResourceInput = resource.update;
export type TUpdateResourceInput = z.input<typeof ZUpdateResourceInput>;
export const ZResourceKey = resource.key;
export type TResourceKey = z.input<typeof ZResourceKey>;
