// The guide loader takes a data/guides file that compute wrote under this code as it is, without
// validating it again: that is only sound if the schema would return exactly what compute wrote.
import { describe, expect, it } from 'vitest';
import { ComputedGuideSchema } from '../../src/lib/schema/computed.ts';
import { stableJson } from '../../src/lib/stable-json.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

describe('computed guides are what their schema returns', () => {
  it.each(['glm-5.2/h200', 'glm-4.x/h200'])('%s', (id) => {
    const written = stableJson(buildFromDisk(id).guide!);
    const asRead = JSON.parse(written) as unknown;
    expect(ComputedGuideSchema.parse(asRead)).toStrictEqual(asRead);
  });
});
