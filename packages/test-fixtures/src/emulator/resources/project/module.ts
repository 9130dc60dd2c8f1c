import type { ResourceModule } from '../kit/resource-module.js';
import { registerProjectRoutes } from './index.js';

/** The project's settings (`GET` and `POST /{projectKey}`). */
export const projectModule: ResourceModule = { name: 'project', routes: registerProjectRoutes };
