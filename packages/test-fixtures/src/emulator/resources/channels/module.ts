import type { ResourceModule } from '../kit/resource-module.js';
import { channelType } from './index.js';

/** Channels: the standard routes; Change History and console with the defaults. */
export const channelsModule: ResourceModule = { name: 'channels', type: channelType };
