import { messageResolvers } from '../graphql/messages.js';
import type { ResourceModule } from '../resources/kit/resource-module.js';
import { registerMessageRoutes } from './routes.js';

/** Messages: read-only, written by the other resources' writes; listed in the console. */
export const messagesModule: ResourceModule = {
  name: 'messages',
  routes: registerMessageRoutes,
  graphql: messageResolvers,
  console: true,
};
