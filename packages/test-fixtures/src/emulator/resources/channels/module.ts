import type { ResourceModule } from '../kit/resource-module.js';
import { ratingStatisticsChanges } from '../reviews/history.js';
import { channelType } from './index.js';

/** Channels: the standard routes; the console's defaults; their Reviews' statistics in the Change History. */
export const channelsModule: ResourceModule = { name: 'channels', type: channelType, history: { changes: ratingStatisticsChanges } };
