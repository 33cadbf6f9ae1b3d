import { m } from '../../../../shared/paraglide/messages.js';
import { trpc } from '../../../lib/trpc';

/**
 * Items and resources are the same screens (spec §2: number, description, active, units list);
 * this says which one and gives its words.
 */
export interface NoRecordKind {
  unitType: 'Item' | 'Resource';
  listPath: '/admin/items' | '/admin/resources';
  addPath: '/admin/items/add' | '/admin/resources/add';
  editPath: '/admin/items/edit' | '/admin/resources/edit';
  /** The tRPC router; both have the same procedures and types. */
  api: typeof trpc.item;
  text: {
    title: () => string;
    subtitle: () => string;
    add: () => string;
    editTitle: () => string;
    empty: () => string;
    emptyText: () => string;
    back: () => string;
    describe: (no: string) => string;
    created: () => string;
    createFailed: () => string;
    updated: () => string;
    deleted: () => string;
  };
}

export const ITEM_KIND: NoRecordKind = {
  unitType: 'Item',
  listPath: '/admin/items',
  addPath: '/admin/items/add',
  editPath: '/admin/items/edit',
  api: trpc.item,
  text: {
    title: m.section_items,
    subtitle: m.admin_items_subtitle,
    add: m.admin_items_add,
    editTitle: m.admin_items_edit_title,
    empty: m.admin_items_empty,
    emptyText: m.admin_items_empty_text,
    back: m.admin_items_back,
    describe: (no) => m.admin_item_describe({ no }),
    created: m.admin_item_created,
    createFailed: m.admin_item_create_failed,
    updated: m.admin_item_updated,
    deleted: m.admin_item_deleted,
  },
};

export const RESOURCE_KIND: NoRecordKind = {
  unitType: 'Resource',
  listPath: '/admin/resources',
  addPath: '/admin/resources/add',
  editPath: '/admin/resources/edit',
  // Same procedures, inputs and outputs as items (src/server/routers/master-data/items.ts).
  api: trpc.resource as unknown as typeof trpc.item,
  text: {
    title: m.section_resources,
    subtitle: m.admin_resources_subtitle,
    add: m.admin_resources_add,
    editTitle: m.admin_resources_edit_title,
    empty: m.admin_resources_empty,
    emptyText: m.admin_resources_empty_text,
    back: m.admin_resources_back,
    describe: (no) => m.admin_resource_describe({ no }),
    created: m.admin_resource_created,
    createFailed: m.admin_resource_create_failed,
    updated: m.admin_resource_updated,
    deleted: m.admin_resource_deleted,
  },
};
