import { INVITATION_TYPES, ORGANIZATION_LEVELS, SIGNUP_STATES, USER_STATES } from '../../contract/enums';
import { SHARED_ACCESS, SOFT_DELETE_STATE, USER_TYPE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * Portal users. Served by the hand-written users table and routes (server/domains/users/users.routes.ts), so this
 * declaration only describes what they already hold and allow: the filters and sorts of
 * `userListSpec`, writable name/mobile/country on edit, everything else set by the server.
 */
export const users = {
  name: 'users',
  path: '/user',
  route: '/user/UserSearch',
  title: 'common.screens.user_search',
  menu: { group: 'user', order: 1, label: 'menu.user.search' },
  permission: 'user',
  storage: 'existing',
  access: SHARED_ACCESS,
  scope: 'company',
  recordRepresentation: 'email',
  defaultSort: { field: 'createTime', direction: 'desc' },
  softDelete: SOFT_DELETE_STATE,
  fields: [
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      maxLength: 254,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
      views: ['list', 'show', 'create'],
    },
    {
      name: 'name',
      type: 'text',
      maxLength: 100,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    {
      name: 'mobile',
      type: 'phone',
      unique: true,
      maxLength: 16,
      search: true,
      filter: ['eq', 'in', 'regex'],
      help: 'International format, e.g. +6591234567',
    },
    USER_TYPE,
    {
      name: 'state',
      type: 'select',
      choices: USER_STATES,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
      views: ['list', 'show'],
    },
    {
      name: 'organizationLevel',
      type: 'select',
      choices: ORGANIZATION_LEVELS,
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
      views: ['list', 'show'],
    },
    { name: 'signupState', type: 'select', choices: SIGNUP_STATES, readOnly: true, views: ['show'] },
    { name: 'brandId', type: 'reference', reference: 'brand', views: ['show', 'create'] },
    { name: 'storeId', type: 'reference', reference: 'store', readOnly: true, views: ['show'] },
    { name: 'country', type: 'text', minLength: 2, maxLength: 2, views: ['show', 'edit'] },
    {
      name: 'invitationType',
      type: 'select',
      choices: INVITATION_TYPES,
      readOnly: true,
      views: ['show'],
    },
    { name: 'invitedBy', type: 'reference', reference: 'users', readOnly: true, views: ['show'] },
    { name: 'mustResetPassword', type: 'boolean', readOnly: true, views: ['show'] },
    /** when failed sign-ins locked the user (state LOCK); set and cleared by the server */
    { name: 'lockedAt', type: 'datetime', readOnly: true, views: ['show'] },
  ],
} as const satisfies ResourceDeclaration;
