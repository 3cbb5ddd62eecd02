import { describe, expect, it } from 'vitest';
import { editorPresets, landingGallery, presetCategoryLabels } from '@contract/presets';
import { landingPresets } from './landing-presets';

describe('landing presets mirror', () => {
  it('matches the contract catalogue (titles, categories, popular flags, scenes, descriptions)', () => {
    expect(landingPresets).toEqual(
      landingGallery.map((g) => ({
        title: g.title,
        category: presetCategoryLabels[g.category],
        popular: g.popular,
        sceneId: g.sceneId,
        description: editorPresets.find((p) => p.id === g.sceneId)?.description,
      })),
    );
  });
});
