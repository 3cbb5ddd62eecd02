# Builds one preset scene in Blender (Cycles) from code and renders it with its compositing metadata.
#
#   blender -b --factory-startup -P scenes/build.py -- --id luxury-showroom --out DIR [--width W --height H
#           --samples N]
#
# Writes DIR/<id>.png (8-bit sRGB, Filmic) and DIR/<id>.json (camera, horizon, floor, key light, gloss).
# Nothing comes from outside: every surface is a procedural material, every object a primitive built here.
# The car is NOT in the scene: the floor around the origin is kept clear for it; the engine composites the
# photo's car at the origin, standing on z = 0, seen by this camera.
import bpy
import json
import math
import os
import random
import sys

from mathutils import Vector
from bpy_extras.object_utils import world_to_camera_view

argv = sys.argv[sys.argv.index('--') + 1 :] if '--' in sys.argv else []
args = {}
for i in range(0, len(argv) - 1, 2):
    args[argv[i].lstrip('-')] = argv[i + 1]
SCENE_ID = args.get('id', 'studio-white')
OUT = args.get('out', '/tmp')
WIDTH = int(args.get('width', 1440))
HEIGHT = int(args.get('height', 1080))
SAMPLES = int(args.get('samples', 48))

# Camera: a listing photographer at eye height, 50 mm full frame, the car's centre 8.5 m away.
CAR_DISTANCE = 8.5
CAM_HEIGHT = 1.25

random.seed(sum(ord(c) for c in SCENE_ID))
sc = bpy.context.scene
meta = {'id': SCENE_ID}


# ---------------------------------------------------------------- basics

def reset():
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o, do_unlink=True)
    for m in list(bpy.data.materials):
        bpy.data.materials.remove(m)


def link(nt, a, b):
    nt.links.new(a, b)


def new_mat(name):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    out = nt.nodes.new('ShaderNodeOutputMaterial')
    return m, nt, out


def coord(nt, kind='Object'):
    t = nt.nodes.new('ShaderNodeTexCoord')
    return t.outputs[kind]


def shifted(nt, vec, by):
    """`vec` + `by` (a constant 3-tuple or a vector socket): a per-scene or per-tile offset, so patterns
    made from the same coordinates do not repeat between scenes or tiles."""
    off = nt.nodes.new('ShaderNodeVectorMath')
    off.operation = 'ADD'
    link(nt, vec, off.inputs[0])
    if isinstance(by, tuple):
        off.inputs[1].default_value = by
    else:
        link(nt, by, off.inputs[1])
    return off.outputs[0]


def noise(nt, vec, scale, detail=8.0, rough=0.6, distortion=0.0):
    n = nt.nodes.new('ShaderNodeTexNoise')
    n.inputs['Scale'].default_value = scale
    n.inputs['Detail'].default_value = detail
    n.inputs['Roughness'].default_value = rough
    n.inputs['Distortion'].default_value = distortion
    link(nt, vec, n.inputs['Vector'])
    return n.outputs['Fac']


def ramp(nt, fac, stops):
    r = nt.nodes.new('ShaderNodeValToRGB')
    els = r.color_ramp.elements
    while len(els) > len(stops):
        els.remove(els[-1])
    while len(els) < len(stops):
        els.new(0.5)
    for e, (pos, col) in zip(els, stops):
        e.position = pos
        e.color = (*col, 1.0) if len(col) == 3 else col
    link(nt, fac, r.inputs['Fac'])
    return r.outputs['Color']


def math_node(nt, op, a, b=None, clamp=False):
    m = nt.nodes.new('ShaderNodeMath')
    m.operation = op
    m.use_clamp = clamp
    for i, v in enumerate((a, b)):
        if v is None:
            continue
        if isinstance(v, (int, float)):
            m.inputs[i].default_value = v
        else:
            link(nt, v, m.inputs[i])
    return m.outputs[0]


def mix_rgb(nt, fac, a, b, blend='MIX'):
    m = nt.nodes.new('ShaderNodeMixRGB')
    m.blend_type = blend
    for sock, v in ((m.inputs[0], fac), (m.inputs[1], a), (m.inputs[2], b)):
        if isinstance(v, (int, float)):
            sock.default_value = v
        elif isinstance(v, tuple):
            sock.default_value = (*v, 1.0)
        else:
            link(nt, v, sock)
    return m.outputs[0]


def bump(nt, height, strength, distance=0.02, normal=None):
    b = nt.nodes.new('ShaderNodeBump')
    b.inputs['Strength'].default_value = strength
    b.inputs['Distance'].default_value = distance
    link(nt, height, b.inputs['Height'])
    if normal is not None:
        link(nt, normal, b.inputs['Normal'])
    return b.outputs['Normal']


def principled(nt, out, color, rough, spec=0.5, metallic=0.0, normal=None, clearcoat=0.0, emission=None,
               emission_strength=0.0, transmission=0.0, ior=1.45, alpha=1.0):
    p = nt.nodes.new('ShaderNodeBsdfPrincipled')
    for name, v in (('Base Color', color), ('Roughness', rough)):
        if isinstance(v, (int, float)):
            p.inputs[name].default_value = v
        elif isinstance(v, tuple):
            p.inputs[name].default_value = (*v, 1.0)
        else:
            link(nt, v, p.inputs[name])
    p.inputs['Specular'].default_value = spec
    p.inputs['Metallic'].default_value = metallic
    p.inputs['Clearcoat'].default_value = clearcoat
    p.inputs['Transmission'].default_value = transmission
    p.inputs['IOR'].default_value = ior
    p.inputs['Alpha'].default_value = alpha
    if normal is not None:
        link(nt, normal, p.inputs['Normal'])
    if emission is not None:
        if isinstance(emission, tuple):
            p.inputs['Emission'].default_value = (*emission, 1.0)
        else:
            link(nt, emission, p.inputs['Emission'])
        p.inputs['Emission Strength'].default_value = emission_strength
    link(nt, p.outputs[0], out.inputs['Surface'])
    return p


def emit(nt, out, color, strength):
    """The material's surface is light of `color` (an RGB tuple or a colour socket) at `strength`."""
    e = nt.nodes.new('ShaderNodeEmission')
    if isinstance(color, (tuple, list)):
        e.inputs['Color'].default_value = (*color, 1.0)
    else:
        link(nt, color, e.inputs['Color'])
    e.inputs['Strength'].default_value = strength
    link(nt, e.outputs[0], out.inputs['Surface'])


def frosted_mat(name, scale, dim, bright, strength):
    """Frosted glass with daylight behind it, as the camera sees it: a soft bright mottle from `dim` to
    `bright` (noise at `scale`), emitted at `strength`."""
    m, nt, out = new_mat(name)
    emit(nt, out, ramp(nt, noise(nt, coord(nt), scale, 4, 0.5), [(0.3, dim), (0.7, bright)]), strength)
    return m


def emission_mat(name, color, strength):
    m, nt, out = new_mat(name)
    emit(nt, out, color, strength)
    return m


def simple_mat(name, color, rough, spec=0.5, metallic=0.0, grain=0.04, grain_scale=30.0, bump_strength=0.05):
    """A painted or coated surface: faint blotchy variation and a fine bump so nothing is a flat fill."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    n = noise(nt, c, grain_scale, 6, 0.55)
    lo = tuple(max(0.0, v * (1 - grain)) for v in color)
    hi = tuple(min(1.0, v * (1 + grain)) for v in color)
    col = ramp(nt, n, [(0.3, lo), (0.7, hi)])
    fine = noise(nt, c, grain_scale * 20, 4, 0.5)
    principled(nt, out, col, rough, spec, metallic, bump(nt, fine, bump_strength, 0.005))
    return m


def glass_mat(name, tint=(0.85, 0.9, 0.92), rough=0.02):
    m, nt, out = new_mat(name)
    principled(nt, out, tint, rough, 0.5, 0.0, transmission=1.0, ior=1.5)
    return m


def obj_from(bpy_op, **kw):
    bpy_op(**kw)
    return bpy.context.active_object


def box(dims, loc, mat, bevel=0.01, rot=(0, 0, 0)):
    o = obj_from(bpy.ops.mesh.primitive_cube_add, size=1, location=loc, rotation=rot)
    o.scale = dims
    bpy.ops.object.transform_apply(scale=True)
    if bevel > 0:
        b = o.modifiers.new('bevel', 'BEVEL')
        b.width = bevel
        b.segments = 2
    o.data.materials.append(mat)
    return o


def cylinder(r, depth, loc, mat, rot=(0, 0, 0), verts=32):
    o = obj_from(bpy.ops.mesh.primitive_cylinder_add, radius=r, depth=depth, location=loc, rotation=rot,
                 vertices=verts)
    bpy.ops.object.shade_smooth()
    o.data.materials.append(mat)
    return o


def sphere(r, loc, mat, subdiv=3):
    o = obj_from(bpy.ops.mesh.primitive_ico_sphere_add, radius=r, location=loc, subdivisions=subdiv)
    bpy.ops.object.shade_smooth()
    o.data.materials.append(mat)
    return o


def plane(size_x, size_y, loc, mat, rot=(0, 0, 0)):
    o = obj_from(bpy.ops.mesh.primitive_plane_add, size=1, location=loc, rotation=rot)
    o.scale = (size_x, size_y, 1)
    bpy.ops.object.transform_apply(scale=True)
    o.data.materials.append(mat)
    return o


def new_lamp(kind, name, loc, power, color):
    """A Blender light of `kind` ('AREA', 'POINT', 'SPOT', 'SUN') with its object in the scene at `loc`:
    the part every lamp helper below shares. Returns (light data, object)."""
    d = bpy.data.lights.new(name, kind)
    d.energy = power
    d.color = color
    o = bpy.data.objects.new(name, d)
    sc.collection.objects.link(o)
    o.location = loc
    return d, o


def area_light(loc, size, power, color=(1, 1, 1), size_y=None, target=(0, 0, 0), shape='RECTANGLE',
               visible=False):
    d, o = new_lamp('AREA', 'area', loc, power, color)
    d.shape = shape
    d.size = size
    d.size_y = size_y or size
    look_at(o, target)
    o.visible_camera = visible
    return o


def point_light(loc, power, color=(1, 0.85, 0.65), radius=0.1):
    d, o = new_lamp('POINT', 'pt', loc, power, color)
    d.shadow_soft_size = radius
    return o


def spot_light(loc, power, target, angle_deg=30, blend=0.4, color=(1, 0.95, 0.88), radius=0.1):
    d, o = new_lamp('SPOT', 'spot', loc, power, color)
    d.spot_size = math.radians(angle_deg)
    d.spot_blend = blend
    d.shadow_soft_size = radius
    look_at(o, target)
    return o


def sun_light(elev_deg, az_deg, strength, color=(1, 0.97, 0.92), angle_deg=0.6):
    d, o = new_lamp('SUN', 'sun', (0, 0, 0), strength, color)
    d.angle = math.radians(angle_deg)
    # The light travels along -Z of the object: point it from (az, elev) towards the ground.
    el = math.radians(elev_deg)
    az = math.radians(az_deg)
    direction = Vector((math.sin(az) * math.cos(el), math.cos(az) * math.cos(el), math.sin(el)))
    o.rotation_euler = (-direction).to_track_quat('-Z', 'Y').to_euler()
    return o


def look_at(o, target):
    d = Vector(target) - o.location
    o.rotation_euler = d.to_track_quat('-Z', 'Y').to_euler()


# ---------------------------------------------------------------- world and key light metadata

def new_world(name):
    """A new world node tree made the scene's world: (world, node tree, its Background node)."""
    w = bpy.data.worlds.new(name)
    sc.world = w
    w.use_nodes = True
    nt = w.node_tree
    return w, nt, nt.nodes['Background']


def nishita_world(name, sun_elev, sun_az, air=1.0, dust=1.0, ozone=1.0):
    """A new world with the Nishita physical sky: (world, node tree, background, sky node). The sun itself
    is the sun lamp (sharp shadows, sampled directly); the sky only adds its blue fill, so no sun disc."""
    w, nt, bg = new_world(name)
    sky = nt.nodes.new('ShaderNodeTexSky')
    sky.sky_type = 'NISHITA'
    sky.sun_elevation = math.radians(sun_elev)
    sky.sun_rotation = math.radians(sun_az)
    sky.air_density = air
    sky.dust_density = dust
    sky.ozone_density = ozone
    sky.sun_disc = False
    return w, nt, bg, sky


def world_sky(sun_elev, sun_az, strength=1.0, air=1.0, dust=1.0, ozone=1.0, sun_disc=True):
    w, nt, bg, sky = nishita_world('sky', sun_elev, sun_az, air, dust, ozone)
    link(nt, sky.outputs['Color'], bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength * 0.12
    return w


def elevation_world(name):
    """A new world whose background is driven by the view's elevation: (node tree, background, the
    Generated coordinate split into X, Y, Z; Z rises with elevation)."""
    w, nt, bg = new_world(name)
    g = nt.nodes.new('ShaderNodeTexCoord')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, g.outputs['Generated'], sep.inputs[0])
    return w, nt, bg, sep


def world_grad(bottom, top, strength=1.0):
    """A smooth sky/ambient from two colours by elevation (overcast, night, interiors' fill)."""
    w, nt, bg, sep = elevation_world('grad')
    col = ramp(nt, sep.outputs['Z'], [(0.45, bottom), (0.75, top)])
    link(nt, col, bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength
    return w


# How dark the cast shadows the render's own objects throw are (1 - shadowed floor over the lit floor beside
# it, linear light), measured on the committed renders in session 19 (issue 11); 0: the sun in the metadata
# shows no shadow of a pole, kerb, tree or parked car in the render (clouds, buildings or the sky's share wash
# it out). The compositor never draws the car's cast darker (engine/scene/car.composite.ts keyCast). Scenes
# not listed were not checked. Measure again after re-rendering a scene's light.
CAST_SEEN = {
    'city-centre': 0.8,  # an off-frame tree's shadow on the road: 53 vs 110 in sRGB on one row
    **{s: 0.0 for s in ('airport-vip', 'apartment-front', 'beach', 'coast-road', 'forest-road', 'gated-estate-car-park',
                        'lakeside', 'mall-car-park', 'marina', 'mountain-view', 'skyscraper-front', 'studio-plaza',
                        'suburban-house', 'wedding-car')},
}


def key(azimuth, elevation, softness, color=(1, 1, 1), floor_light=True):
    """Records where the dominant light comes from (degrees; azimuth 0 = from behind the scene, towards the
    camera; 90 = from the right of the frame) and how soft it is (0 = sun, 1 = overcast)."""
    meta['keyLight'] = {
        'azimuthDeg': azimuth,
        'elevationDeg': elevation,
        'softness': softness,
        'color': list(color),
        'floorLight': floor_light,
    }
    if SCENE_ID in CAST_SEEN:
        meta['keyLight']['castSeen'] = CAST_SEEN[SCENE_ID]


# ---------------------------------------------------------------- floors

def floor_material(kind, tint=None, record=False):
    """A ground surface. `record`: this is what the car stands on (its gloss goes into the metadata)."""
    before = meta.get('floor')
    m, nt, out = new_mat('floor-' + kind)
    try:
        _floor_nodes(m, nt, out, kind, tint)
    finally:
        if before is not None and not record:
            meta['floor'] = before
    return m


def _floor_nodes(m, nt, out, kind, tint):
    c = coord(nt)
    if kind in ('asphalt', 'wet-asphalt', 'road-night'):
        base = tint or (0.07, 0.07, 0.075)
        agg = nt.nodes.new('ShaderNodeTexVoronoi')
        agg.inputs['Scale'].default_value = 420
        link(nt, c, agg.inputs['Vector'])
        blotch = noise(nt, c, 0.35, 6, 0.6)
        col = ramp(nt, blotch, [(0.3, tuple(v * 0.75 for v in base)), (0.7, tuple(v * 1.35 for v in base))])
        speck = ramp(nt, agg.outputs['Distance'], [(0.0, (0.2, 0.2, 0.2)), (0.35, (0.0, 0.0, 0.0))])
        col = mix_rgb(nt, 0.25, col, speck, 'ADD')
        fine = noise(nt, c, 300, 6, 0.7)
        nrm = bump(nt, fine, 0.35, 0.01)
        if kind == 'wet-asphalt':
            # Wet everywhere, with shallow puddles fading in softly (no hard-edged blobs).
            puddle = noise(nt, c, 0.35, 6, 0.55)
            wet = ramp(nt, puddle, [(0.42, (0, 0, 0)), (0.78, (1, 1, 1))])
            wet = math_node(nt, 'MULTIPLY', wet, 1.0)
            rough = math_node(nt, 'SUBTRACT', 0.3, math_node(nt, 'MULTIPLY', wet, 0.24))
            col = mix_rgb(nt, math_node(nt, 'MULTIPLY', wet, 0.35), col, tuple(v * 0.7 for v in base))
            principled(nt, out, col, rough, 0.6, 0.0, nrm)
            meta['floor'] = {'gloss': 0.45, 'roughness': 0.12, 'kind': kind}
        else:
            principled(nt, out, col, 0.72, 0.4, 0.0, nrm)
            meta['floor'] = {'gloss': 0.04, 'roughness': 0.7, 'kind': kind}
    elif kind in ('polished-concrete', 'epoxy', 'black-epoxy', 'concrete', 'marble', 'stone-paving'):
        base = tint or {
            'polished-concrete': (0.42, 0.42, 0.41),
            'epoxy': (0.36, 0.37, 0.38),
            'black-epoxy': (0.025, 0.025, 0.028),
            'concrete': (0.34, 0.33, 0.31),
            'marble': (0.78, 0.76, 0.72),
            'stone-paving': (0.45, 0.43, 0.40),
        }[kind]
        rough = {'polished-concrete': 0.22, 'epoxy': 0.14, 'black-epoxy': 0.08, 'concrete': 0.75,
                 'marble': 0.12, 'stone-paving': 0.6}[kind]
        blotch = noise(nt, c, 0.25, 8, 0.62)
        mottle = noise(nt, c, 3.0, 6, 0.6)
        var = 0.18 if kind in ('polished-concrete', 'concrete', 'stone-paving') else 0.06
        col = ramp(nt, blotch, [(0.25, tuple(v * (1 - var) for v in base)), (0.75, tuple(v * (1 + var) for v in base))])
        col = mix_rgb(nt, 0.3, col, ramp(nt, mottle, [(0.3, tuple(v * 0.9 for v in base)), (0.7, tuple(v * 1.08 for v in base))]), 'MIX')
        if kind == 'marble':
            veins = noise(nt, c, 1.2, 12, 0.7, distortion=3.0)
            vein = ramp(nt, veins, [(0.48, (1, 1, 1)), (0.5, (0.55, 0.53, 0.5)), (0.52, (1, 1, 1))])
            col = mix_rgb(nt, 1.0, col, vein, 'MULTIPLY')
        if kind == 'stone-paving':
            brick = nt.nodes.new('ShaderNodeTexBrick')
            brick.inputs['Scale'].default_value = 1.0
            brick.inputs['Mortar Size'].default_value = 0.006
            brick.inputs['Brick Width'].default_value = 1.2
            brick.inputs['Row Height'].default_value = 0.6
            brick.offset = 0.5
            brick.inputs['Color1'].default_value = (1, 1, 1, 1)
            brick.inputs['Color2'].default_value = (0.85, 0.85, 0.85, 1)
            brick.inputs['Mortar'].default_value = (0.45, 0.45, 0.45, 1)
            link(nt, c, brick.inputs['Vector'])
            col = mix_rgb(nt, 1.0, col, brick.outputs['Color'], 'MULTIPLY')
            hgt = brick.outputs['Fac']
            nrm = bump(nt, hgt, 0.4, 0.01)
        else:
            rough_var = noise(nt, c, 1.5, 4, 0.5)
            fine = noise(nt, c, 220, 5, 0.6)
            nrm = bump(nt, fine, 0.06 if rough < 0.3 else 0.25, 0.005)
            rough = math_node(nt, 'ADD', rough - 0.04, math_node(nt, 'MULTIPLY', rough_var, 0.08))
        principled(nt, out, col, rough, 0.5, 0.0, nrm, clearcoat=0.3 if kind in ('epoxy', 'black-epoxy') else 0.0)
        r = rough if isinstance(rough, float) else {'polished-concrete': 0.22, 'epoxy': 0.14, 'black-epoxy': 0.08,
                                                     'concrete': 0.75, 'marble': 0.12}[kind]
        meta['floor'] = {'gloss': round(max(0.0, 0.55 - r * 1.6), 3), 'roughness': r, 'kind': kind}
    elif kind == 'studio-paint':
        # A working studio floor, not a perfect gradient: a turntable (a slightly darker disc with a thin
        # seam, 3.2 m radius, where the car stands), faint circular scuffs from turning cars on it, and
        # soft dirt patches. Reviewers read a spotless sweep as "a pasted gradient".
        base = tint or (0.8, 0.8, 0.8)
        blotch = noise(nt, c, 0.4, 4, 0.5)
        col = ramp(nt, blotch, [(0.3, tuple(v * 0.97 for v in base)), (0.7, tuple(min(1, v * 1.02) for v in base))])
        flat = nt.nodes.new('ShaderNodeVectorMath')
        flat.operation = 'MULTIPLY'
        link(nt, c, flat.inputs[0])
        flat.inputs[1].default_value = (1.0, 1.0, 0.0)
        rad = nt.nodes.new('ShaderNodeVectorMath')
        rad.operation = 'LENGTH'
        link(nt, flat.outputs[0], rad.inputs[0])
        r = rad.outputs['Value']
        inside = math_node(nt, 'LESS_THAN', r, 3.2)
        seam = ramp(nt, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', r, 3.2)),
                    [(0.0, (0.55, 0.55, 0.55)), (0.012, (1, 1, 1))])
        rings = nt.nodes.new('ShaderNodeTexWave')
        rings.wave_type = 'RINGS'
        rings.inputs['Scale'].default_value = 4.0
        rings.inputs['Distortion'].default_value = 2.0
        rings.inputs['Detail'].default_value = 4.0
        link(nt, flat.outputs[0], rings.inputs['Vector'])
        mask = ramp(nt, noise(nt, c, 1.5, 6, 0.6), [(0.5, (0, 0, 0)), (0.7, (1, 1, 1))])
        scuff = ramp(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', rings.outputs['Fac'], mask), inside),
                     [(0.45, (1, 1, 1)), (1.0, (0.82, 0.82, 0.82))])
        dirt = ramp(nt, noise(nt, c, 0.9, 8, 0.7), [(0.5, (1, 1, 1)), (0.75, (0.88, 0.87, 0.85))])
        disc = ramp(nt, inside, [(0.0, (1, 1, 1)), (1.0, (0.94, 0.94, 0.94))])
        # The floor is a little darker than the wall above it (worn, walked on), blending up the curve.
        up = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, c, up.inputs[0])
        worn = ramp(nt, up.outputs['Z'], [(0.0, (0.8, 0.8, 0.8)), (0.6, (1, 1, 1))])
        for layer in (disc, seam, scuff, dirt, worn):
            col = mix_rgb(nt, 1.0, col, layer, 'MULTIPLY')
        principled(nt, out, col, 0.42, 0.4, 0.0, bump(nt, noise(nt, c, 400, 3, 0.5), 0.03, 0.003))
        meta['floor'] = {'gloss': 0.12, 'roughness': 0.42, 'kind': kind}
    elif kind == 'snow':
        n1 = noise(nt, c, 0.8, 8, 0.6)
        col = ramp(nt, n1, [(0.3, (0.78, 0.80, 0.84)), (0.7, (0.9, 0.91, 0.93))])
        sparkle = noise(nt, c, 600, 2, 0.5)
        p = principled(nt, out, col, 0.55, 0.5, 0.0, bump(nt, math_node(nt, 'ADD', n1, math_node(nt, 'MULTIPLY', sparkle, 0.1)), 0.6, 0.05))
        p.inputs['Subsurface'].default_value = 0.15
        p.inputs['Subsurface Color'].default_value = (0.7, 0.8, 0.95, 1)
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.6, 'kind': kind}
    elif kind == 'sand':
        n1 = noise(nt, c, 1.5, 8, 0.6)
        ripples = nt.nodes.new('ShaderNodeTexWave')
        ripples.inputs['Scale'].default_value = 6
        ripples.inputs['Distortion'].default_value = 6
        link(nt, c, ripples.inputs['Vector'])
        col = ramp(nt, n1, [(0.3, (0.62, 0.52, 0.38)), (0.7, (0.76, 0.66, 0.5))])
        h = math_node(nt, 'ADD', ripples.outputs['Fac'], noise(nt, c, 500, 2, 0.5))
        principled(nt, out, col, 0.85, 0.3, 0.0, bump(nt, h, 0.25, 0.02))
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.9, 'kind': kind}
    elif kind == 'red-carpet':
        n1 = noise(nt, c, 40, 4, 0.5)
        col = ramp(nt, n1, [(0.3, (0.32, 0.015, 0.02)), (0.7, (0.42, 0.03, 0.035))])
        p = principled(nt, out, col, 0.95, 0.2, 0.0, bump(nt, noise(nt, c, 900, 2, 0.5), 0.5, 0.004))
        p.inputs['Sheen'].default_value = 0.6
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.95, 'kind': kind}
    elif kind == 'dry-grass':
        # A field: several scales of patchiness, green mixed with straw, a strong fine bump for blades.
        base = tint or (0.09, 0.08, 0.04)
        n1 = noise(nt, c, 0.3, 8, 0.6)
        n2 = noise(nt, c, 4, 6, 0.6)
        col = ramp(nt, n1, [(0.3, tuple(v * 0.6 for v in base)), (0.7, tuple(v * 1.5 for v in base))])
        col = mix_rgb(nt, 0.4, col, ramp(nt, n2, [(0.3, (0.05, 0.05, 0.03)), (0.7, (0.16, 0.13, 0.07))]), 'MIX')
        blades = noise(nt, c, 900, 2, 0.5)
        principled(nt, out, col, 0.9, 0.3, 0.0, bump(nt, blades, 1.0, 0.03))
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.9, 'kind': kind}
    elif kind == 'grass':
        n1 = noise(nt, c, 2, 8, 0.6)
        col = ramp(nt, n1, [(0.3, (0.05, 0.09, 0.02)), (0.7, (0.11, 0.17, 0.04))])
        blades = noise(nt, c, 800, 2, 0.5)
        principled(nt, out, col, 0.8, 0.4, 0.0, bump(nt, blades, 0.8, 0.02))
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.9, 'kind': kind}
    elif kind == 'gravel':
        vor = nt.nodes.new('ShaderNodeTexVoronoi')
        vor.inputs['Scale'].default_value = 60
        link(nt, c, vor.inputs['Vector'])
        col = ramp(nt, vor.outputs['Color'], [(0.0, (0.22, 0.2, 0.18)), (1.0, (0.42, 0.4, 0.36))])
        h = ramp(nt, vor.outputs['Distance'], [(0.0, (1, 1, 1)), (0.5, (0, 0, 0))])
        principled(nt, out, col, 0.85, 0.4, 0.0, bump(nt, h, 0.5, 0.02))
        meta['floor'] = {'gloss': 0.0, 'roughness': 0.85, 'kind': kind}
    else:
        raise ValueError(kind)


def satin_concrete_mat(base, rough=0.3, record=True, wear=0.0, undulation=0.012, swirl_amt=0.16):
    """Ground-and-polished concrete as a showroom has it (session 5): almost uniform colour (a +-4 % cloud
    at 10 m scale and +-3 % at trowel scale, never the blotchy +-18 % noise reviewers read as "a noise
    texture"; no aggregate, which from 8 m is sub-pixel and reads as grain), polishing swirls that show only as changes in how sharp
    the reflections are, and a gentle 10-cm undulation that makes reflections waver. No sub-pixel bump: on
    a glossy floor it turns every reflected light into sparkle that 32 samples cannot resolve."""
    m, nt, out = new_mat('satin-concrete')
    c = coord(nt)
    cloud = noise(nt, c, 0.09, 3, 0.45)
    col = ramp(nt, cloud, [(0.3, tuple(v * 0.96 for v in base)), (0.7, tuple(v * 1.04 for v in base))])
    # Trowel-scale tone (a metre or so), +-3 %: aggregate itself is far below a pixel from the camera
    # and, drawn as texture, read as render grain.
    trowel = noise(nt, c, 1.2, 3, 0.5)
    col = mix_rgb(nt, 1.0, col, ramp(nt, trowel, [(0.3, (0.97, 0.97, 0.97)), (0.7, (1.03, 1.03, 1.03))]), 'MULTIPLY')
    swirl = nt.nodes.new('ShaderNodeTexWave')
    swirl.wave_type = 'RINGS'
    swirl.inputs['Scale'].default_value = 1.3
    swirl.inputs['Distortion'].default_value = 9.0
    swirl.inputs['Detail'].default_value = 3.0
    link(nt, c, swirl.inputs['Vector'])
    wipe = noise(nt, c, 0.6, 3, 0.5)
    r = math_node(nt, 'ADD', rough - 0.05, math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', swirl.outputs['Fac'], wipe), swirl_amt))
    wave = noise(nt, c, 3.0, 2, 0.4)
    if wear > 0:
        # Session 13 (`wear`, default none): a used showroom floor: faint tyre arcs where cars were driven
        # in, dull trafficked patches and soft darker dust, all matt where they lie.
        wob = math_node(nt, 'MULTIPLY', noise(nt, c, 0.7, 3, 0.5), 0.25)
        arcs = _tyre_arcs(nt, c, ((-6.0, -5.5, 7.4, 0.6), (4.5, 7.0, 6.6, 0.5), (9.0, -3.0, 8.2, 0.4)), wob)
        dull = ramp(nt, noise(nt, c, 0.35, 5, 0.6), [(0.5, (0, 0, 0)), (0.75, (1, 1, 1))])
        dust = ramp(nt, noise(nt, _stretch(nt, c, 1.0, 4.0, 1.0, 20.0), 0.8, 6, 0.62), [(0.55, (0, 0, 0)), (0.8, (1, 1, 1))])
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', arcs, 0.5 * wear), col, tuple(v * 0.7 for v in base))
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', dust, 0.35 * wear), col, tuple(v * 0.86 for v in base))
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', dull, 0.3 * wear), col, tuple(v * 1.06 for v in base))
        r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', arcs, 0.3),
                                                                              math_node(nt, 'MULTIPLY', dull, 0.15)), wear))
    principled(nt, out, col, r, 0.5, 0.0, bump(nt, wave, undulation, 0.01))
    if record:
        # Satin: the reflection is blurred but there (a car on it shows a soft mirror image).
        meta['floor'] = {'gloss': round(max(0.0, 0.5 - rough), 3), 'roughness': rough, 'kind': 'polished-concrete'}
    return m


def asphalt_repairs(nt, c, col, patch_tones, crack_col):
    """Repair patches (cells a few metres across, each a shade darker or lighter, `patch_tones` = (darkest
    factor, lightest factor colour), with a crisp cut edge) and tar-sealed cracks (thin lines in `crack_col`,
    broken along their length) over an asphalt colour. Returns the colour and the patch and crack masks."""
    cells = nt.nodes.new('ShaderNodeTexVoronoi')
    cells.inputs['Scale'].default_value = 0.18
    cells.inputs['Randomness'].default_value = 0.9
    link(nt, math_node_vec_scale(nt, c, (0.6, 1.0, 1.0)), cells.inputs['Vector'])
    cv = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, cells.outputs['Color'], cv.inputs[0])
    patch = math_node(nt, 'GREATER_THAN', cv.outputs['R'], 0.8)
    lo, hi = patch_tones
    patch_tone = ramp(nt, cv.outputs['G'], [(0.0, (lo, lo, lo)), (1.0, hi)])
    col = mix_rgb(nt, patch, col, mix_rgb(nt, 1.0, col, patch_tone, 'MULTIPLY'))
    crack_n = noise(nt, c, 0.9, 3, 0.5, distortion=1.5)
    crack = math_node(nt, 'LESS_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', crack_n, 0.5)), 0.006)
    crack = math_node(nt, 'MULTIPLY', crack, ramp(nt, noise(nt, c, 0.4, 2, 0.5), [(0.45, (0, 0, 0)), (0.6, (1, 1, 1))]))
    return mix_rgb(nt, crack, col, crack_col), patch, crack


def street_asphalt_mat(base=(0.085, 0.085, 0.09), wet=False):
    """Asphalt as a street has it (session 5): a tone that drifts over metres, repair patches (cells a shade
    darker or lighter with a crisp cut edge), tar-sealed cracks (thin dark glossy lines), oil spots down
    the middle of the parking lane, and in the traffic lane two wheel tracks polished smoother and a little
    darker. Aggregate at 1-2 cm is in the bump only (sub-pixel colour speckle read as render grain)."""
    m, nt, out = new_mat('street-asphalt')
    c = coord(nt)
    tone = noise(nt, c, 0.12, 4, 0.5)
    col = ramp(nt, tone, [(0.3, tuple(v * 0.9 for v in base)), (0.7, tuple(v * 1.12 for v in base))])
    col, patch, crack = asphalt_repairs(nt, c, col, (0.75, (1.25, 1.25, 1.22)), (0.02, 0.02, 0.02))
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    yv = sep.outputs['Y']
    tr = nt.nodes.new('ShaderNodeMapRange')
    link(nt, yv, tr.inputs['Value'])
    tr.inputs['From Min'].default_value = -6.0
    tr.inputs['From Max'].default_value = 1.0
    tracks = ramp(nt, tr.outputs[0], [(0.0, (0, 0, 0)), (0.2, (1, 1, 1)), (0.3, (0, 0, 0)), (0.46, (1, 1, 1)),
                                      (0.58, (0, 0, 0))])
    tracks = math_node(nt, 'MULTIPLY', tracks, ramp(nt, noise(nt, c, 0.8, 3, 0.5), [(0.3, (0.5, 0.5, 0.5)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', tracks, 0.25), col, tuple(v * 0.75 for v in base))
    oil = ramp(nt, noise(nt, c, 1.6, 4, 0.6), [(0.68, (0, 0, 0)), (0.74, (1, 1, 1))])
    in_lane = ramp(nt, tr.outputs[0], [(0.7, (0, 0, 0)), (0.8, (1, 1, 1)), (0.9, (1, 1, 1)), (1.0, (0, 0, 0))])
    oil = math_node(nt, 'MULTIPLY', oil, in_lane)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', oil, 0.5), col, (0.03, 0.03, 0.032))
    rough = math_node(nt, 'SUBTRACT', 0.78, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tracks, 0.15),
                                                      math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', crack, 0.3),
                                                                math_node(nt, 'MULTIPLY', oil, 0.2))))
    if wet:
        # Wet: smooth where water lies (low spots: a slow noise), a little rougher where it has drained.
        damp = ramp(nt, noise(nt, c, 0.3, 4, 0.55), [(0.35, (0.12, 0.12, 0.12)), (0.65, (0.35, 0.35, 0.35))])
        rough = math_node(nt, 'MULTIPLY', rough, damp)
        col = mix_rgb(nt, 1.0, col, (0.7, 0.7, 0.7), 'MULTIPLY')
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 70
    link(nt, c, agg.inputs['Vector'])
    h = math_node(nt, 'ADD', agg.outputs['Distance'], math_node(nt, 'MULTIPLY', patch, 0.2))
    principled(nt, out, col, rough, 0.45, 0.0, bump(nt, h, 0.25 if not wet else 0.12, 0.006))
    meta['floor'] = ({'gloss': 0.35, 'roughness': 0.25, 'kind': 'wet-asphalt'} if wet else
                     {'gloss': 0.04, 'roughness': 0.7, 'kind': 'asphalt'})
    return m


def camera_only(o):
    """An emitter seen by the camera but lighting nothing: its light comes from an area lamp in its place
    (Cycles samples a lamp's rectangle by solid angle; a thin emissive mesh close to a glossy floor is what
    left the showroom floor speckled)."""
    for attr in ('visible_diffuse', 'visible_glossy', 'visible_transmission', 'visible_volume_scatter',
                 'visible_shadow'):
        setattr(o, attr, False)
    return o


def no_light_sampling(mat):
    mat.cycles.sample_as_light = False
    return mat


# ---------------------------------------------------------------- props


# ---------------------------------------------------------------- nature (session 6)
# Vegetation and land as real geometry, built with numpy straight into meshes (bpy.ops would take minutes):
# conifers of whorled, drooping branches carrying thousands of needle sprays (and snow pads on their upper
# sides), broadleaf trees whose trunk forks into limbs and twigs carrying clumps of single leaves, grass
# blades, and terrain displaced by multi-octave noise over a wedge that only covers what the camera sees.
# Trees are instanced (a few templates, linked duplicates). Distance is aerial perspective from the mist
# pass (anti-aliased and defocused with the image) in `nature_compositor`, never from a thresholded depth
# pass, whose aliased edges were the dotted outlines around the old trees.

class Soup:
    """Triangles for one mesh: material index and per-face attributes kept with them."""

    def __init__(self):
        import numpy as np
        self.np = np
        self.tris, self.mats, self.attrs = [], [], {}

    def add(self, tris, mat=0, **attrs):
        np = self.np
        tris = np.asarray(tris, dtype=np.float32).reshape(-1, 3, 3)
        n = len(tris)
        if n == 0:
            return
        self.tris.append(tris)
        self.mats.append(np.full(n, mat, dtype=np.int32))
        for k in set(attrs) | set(self.attrs):
            v = attrs.get(k, 0.0)
            v = np.broadcast_to(np.asarray(v, dtype=np.float32), (n,))
            self.attrs.setdefault(k, [np.zeros(len(t), np.float32) for t in self.tris[:-1]]).append(v)
        for k in self.attrs:
            if len(self.attrs[k]) < len(self.tris):
                self.attrs[k].append(np.zeros(n, np.float32))

    def quads(self, q, mat=0, **attrs):
        """(n, 4, 3) quads as two triangles each."""
        np = self.np
        q = np.asarray(q, dtype=np.float32).reshape(-1, 4, 3)
        t = np.concatenate([q[:, [0, 1, 2]], q[:, [0, 2, 3]]], axis=0)
        attrs = {k: np.concatenate([np.broadcast_to(v, (len(q),))] * 2) for k, v in attrs.items()}
        self.add(t, mat, **attrs)

    def mesh(self, name, mats, smooth=False):
        np = self.np
        tris = np.concatenate(self.tris)
        n = len(tris)
        me = bpy.data.meshes.new(name)
        me.vertices.add(n * 3)
        me.vertices.foreach_set('co', tris.reshape(-1))
        me.loops.add(n * 3)
        me.loops.foreach_set('vertex_index', np.arange(n * 3, dtype=np.int32))
        me.polygons.add(n)
        me.polygons.foreach_set('loop_start', np.arange(0, n * 3, 3, dtype=np.int32))
        me.polygons.foreach_set('loop_total', np.full(n, 3, dtype=np.int32))
        me.polygons.foreach_set('material_index', np.concatenate(self.mats))
        me.polygons.foreach_set('use_smooth', np.full(n, smooth, dtype=bool))
        me.update()
        for k, vs in self.attrs.items():
            a = me.attributes.new(k, 'FLOAT', 'FACE')
            a.data.foreach_set('value', np.concatenate(vs).astype(np.float32))
        for m in mats:
            me.materials.append(m)
        return me


def put(me, loc, rot_z=0.0, scale=1.0, name='inst'):
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    o.location = loc
    o.rotation_euler = (0, 0, rot_z)
    o.scale = (scale, scale, scale) if isinstance(scale, (int, float)) else scale
    return o


def _frame(d, np):
    """Two unit vectors perpendicular to each direction in d (n, 3)."""
    up = np.where(np.abs(d[:, 2:3]) > 0.9, np.array([[1.0, 0, 0]]), np.array([[0, 0, 1.0]]))
    s = np.cross(d, up)
    s /= np.linalg.norm(s, axis=1, keepdims=True) + 1e-9
    u = np.cross(s, d)
    return s, u


def tube(soup, pts, radii, mat, sides=7, rng=None):
    """A tapered tube through points (m, 3) with radii (m,), as quads."""
    import numpy as np
    pts = np.asarray(pts, float)
    d = np.gradient(pts, axis=0)
    d /= np.linalg.norm(d, axis=1, keepdims=True) + 1e-9
    s, u = _frame(d, np)
    ang = np.linspace(0, 2 * np.pi, sides + 1)
    ring = (pts[:, None, :] + radii[:, None, None] * (np.cos(ang)[None, :, None] * s[:, None, :] +
                                                      np.sin(ang)[None, :, None] * u[:, None, :]))
    q = np.stack([ring[:-1, :-1], ring[:-1, 1:], ring[1:, 1:], ring[1:, :-1]], axis=2).reshape(-1, 4, 3)
    soup.quads(q, mat, tone=rng.random(len(q)) if rng is not None else 0.5)


def conifer_mesh(seed, height, radius, snow=0.0, clear=0.03, name='spruce', mats=None):
    """A spruce: a tapering trunk, whorls of drooping branches every 25-45 cm whose length follows a cone,
    each branch a spray of needle clumps (small flat triangles, denser and wider towards the tip), and on
    the upper side of the branches snow pads (`snow` 0-1, the share of branch length covered)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    h = height
    tube(soup, np.array([[0, 0, -0.3], [0, 0, h * 0.5], [0, 0, h * 0.98]]),
         np.array([0.02 * h + 0.06, 0.011 * h + 0.03, 0.02]), 1, rng=rng)
    z = h * clear
    while z < h * 0.97:
        f = (h - z) / (h * (1 - clear))
        R = radius * f ** 0.9 * rng.uniform(0.8, 1.1) + 0.15
        nb = rng.integers(5, 8)
        a0 = rng.uniform(0, 2 * np.pi)
        for b in range(nb):
            a = a0 + b * 2 * np.pi / nb + rng.uniform(-0.3, 0.3)
            L = R * rng.uniform(0.75, 1.05)
            d = np.array([np.cos(a), np.sin(a), 0.0])
            side = np.array([-d[1], d[0], 0.0])
            droop = (0.35 + 0.25 * snow) * L
            n = int(L / 0.022) + 6
            t = rng.random(n) ** 0.8
            w = (0.06 + 0.28 * t) * min(1.0, L) ** 0.5
            base = np.array([0, 0, z])
            p = base + np.outer(t * L, d) + np.outer(-droop * t + 0.28 * L * t * t, [0, 0, 1])
            c = p + np.outer(rng.uniform(-1, 1, n) * w, side) + np.outer(rng.uniform(-0.5, 0.25, n) * w * 0.6, [0, 0, 1])
            sz = rng.uniform(0.05, 0.12, n)[:, None, None]
            v = rng.normal(size=(n, 3, 3))
            v[:, :, 2] *= 0.45
            v /= np.linalg.norm(v, axis=2, keepdims=True)
            tris = c[:, None, :] + v * sz
            soup.add(tris, 0, tone=rng.random(n) * 0.6 + 0.4 * t)
            # The branch itself, a thin twig line seen in the gaps.
            if L > 1.0:
                tt = np.linspace(0, 1, 5)
                bp = base + np.outer(tt * L, d) + np.outer(-droop * tt + 0.28 * L * tt * tt, [0, 0, 1])
                tube(soup, bp, np.linspace(0.025, 0.006, 5), 1, sides=4)
            if snow > 0:
                m = int(L / 0.07 * snow) + 1
                ts = rng.uniform(0.1, 1.0, m)
                ws = (0.06 + 0.28 * ts) * min(1.0, L) ** 0.5
                pc = (base + np.outer(ts * L, d) + np.outer(-droop * ts + 0.28 * L * ts * ts + 0.05, [0, 0, 1]) +
                      np.outer(rng.uniform(-0.8, 0.8, m) * ws, side))
                k = 7
                ang = np.linspace(0, 2 * np.pi, k + 1)[:-1]
                rr = rng.uniform(0.06, 0.17, (m, 1)) * rng.uniform(0.6, 1.0, (m, k))
                ring = pc[:, None, :] + np.stack([np.cos(ang) * rr, np.sin(ang) * rr * 0.8,
                                                  rng.uniform(-0.025, 0.0, (m, k))], axis=2)
                top = pc + np.array([0, 0, 0.035])
                fan = np.stack([np.repeat(top[:, None, :], k, 1), ring, np.roll(ring, -1, axis=1)], axis=2)
                soup.add(fan.reshape(-1, 3, 3), 2, tone=np.repeat(rng.random(m), k))
        z += rng.uniform(0.25, 0.45)
    # The leader: a few clumps up the top.
    n = 40
    zz = h * 0.97 + rng.random(n) * h * 0.04
    c = np.stack([rng.normal(0, 0.05, n), rng.normal(0, 0.05, n), zz], axis=1)
    v = rng.normal(size=(n, 3, 3))
    v /= np.linalg.norm(v, axis=2, keepdims=True)
    soup.add(c[:, None, :] + v * 0.08, 0, tone=rng.random(n))
    return soup.mesh(name, mats)


def tilted(d, ang, rng):
    """Unit direction `d` turned by `ang` radians toward a random side (a branch leaving its parent)."""
    import numpy as np
    s, u = _frame(d[None, :], np)
    phi = rng.uniform(0, 2 * np.pi)
    k = np.cos(phi) * s[0] + np.sin(phi) * u[0]
    nd = d * np.cos(ang) + k * np.sin(ang)
    return nd / np.linalg.norm(nd)


def broadleaf_mesh(seed, height, crown, name='broadleaf', mats=None, leaves=1.0, bare=0.0):
    """A broadleaf tree: a trunk that forks into limbs, limbs into branches and twigs (tapered tubes), and
    around the outer branches clumps of single leaves (small triangles, 6-11 cm), with gaps where the
    clumps do not meet. `bare` thins the leaves (0 = full summer crown)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    sites = []
    top = np.array([0, 0, height])

    def rot(d, ang):
        return tilted(d, ang, rng)

    def grow(p, d, L, r, depth):
        n = 5
        bend = rng.normal(0, 0.12, 3)
        pts = np.array([p + (d + bend * t * t) * L * t for t in np.linspace(0, 1, n)])
        tube(soup, pts, np.linspace(r, r * 0.7, n), 1, sides=7 if depth < 2 else 4)
        q = pts[-1]
        if depth >= 2:
            sites.append((pts[2], 0.7 if depth == 2 else 0.9))
        if depth >= 4 or r < 0.015:
            sites.append((q, 1.0))
            return
        kids = rng.integers(2, 4) if depth > 0 else rng.integers(3, 5)
        for _ in range(kids):
            # Children lean outwards and upwards, a little towards the crown's outline.
            nd = rot(d, rng.uniform(0.35, 0.8))
            out = q - np.array([0, 0, q[2]])
            nd = nd + 0.3 * out / (np.linalg.norm(out) + 1.0) + np.array([0, 0, 0.25])
            nd /= np.linalg.norm(nd)
            grow(q, nd, L * rng.uniform(0.6, 0.8), r * 0.62, depth + 1)

    trunk_len = height * rng.uniform(0.3, 0.42)
    grow(np.array([0.0, 0.0, -0.2]), np.array([rng.normal(0, 0.04), rng.normal(0, 0.04), 1.0]), trunk_len,
         0.012 * height + 0.09, 0)
    for (s, w) in sites:
        n = int(260 * w * leaves * (1 - bare))
        if n <= 0:
            continue
        R = crown * 0.22 * rng.uniform(0.7, 1.2)
        dirs = rng.normal(size=(n, 3))
        dirs /= np.linalg.norm(dirs, axis=1, keepdims=True)
        rad = R * rng.random(n) ** 0.45
        c = s + dirs * rad[:, None] * np.array([1.0, 1.0, 0.7]) + np.array([0, 0, R * 0.25])
        sz = rng.uniform(0.06, 0.11, n)[:, None, None]
        nrm = rng.normal(size=(n, 3)) + np.array([0, 0, 0.8])
        nrm /= np.linalg.norm(nrm, axis=1, keepdims=True)
        a, b = _frame(nrm, np)
        tri = np.stack([c + a * sz[:, 0] * 1.0, c - a * sz[:, 0] * 0.4 + b * sz[:, 0] * 0.45,
                        c - a * sz[:, 0] * 0.4 - b * sz[:, 0] * 0.45], axis=1)
        soup.add(tri, 0, tone=rng.random(n) * 0.7 + 0.3 * (c[:, 2] / height))
    return soup.mesh(name, mats)


def attr(nt, name):
    a = nt.nodes.new('ShaderNodeAttribute')
    a.attribute_name = name
    return a.outputs['Fac']


def leaf2_mat(name, dark, light, translucent=0.3, autumn=None):
    """Leaves or needles: each element's own tone (face attribute), a per-tree shift (object random),
    light passing through (translucent) as it does in backlit foliage."""
    m, nt, out = new_mat(name)
    info = nt.nodes.new('ShaderNodeObjectInfo')
    tone = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', attr(nt, 'tone'), 0.75),
                     math_node(nt, 'MULTIPLY', info.outputs['Random'], 0.25))
    stops = [(0.0, dark), (1.0, light)]
    if autumn:
        stops = [(0.0, dark), (0.6, light), (1.0, autumn)]
    col = ramp(nt, tone, stops)
    leaf_surface(nt, out, col, 0.55, 0.35, (1.4, 1.6, 0.8), translucent)
    return m


def leaf_surface(nt, out, col, roughness, specular, through, translucent):
    """A leaf's surface into `out`: a principled skin of colour `col` mixed with the light that passes
    through it (`translucent` share), the colour multiplied by `through` (yellower and lighter)."""
    p = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, col, p.inputs['Base Color'])
    p.inputs['Roughness'].default_value = roughness
    p.inputs['Specular'].default_value = specular
    tr = nt.nodes.new('ShaderNodeBsdfTranslucent')
    link(nt, mix_rgb(nt, 1.0, col, through, 'MULTIPLY'), tr.inputs['Color'])
    mx = nt.nodes.new('ShaderNodeMixShader')
    mx.inputs[0].default_value = translucent
    link(nt, p.outputs[0], mx.inputs[1])
    link(nt, tr.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])


def bark2_mat(name='bark2', base=(0.06, 0.05, 0.045), lichen=None):
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    furrow = noise(nt, math_node_vec_scale(nt, c, (8.0, 8.0, 0.8)), 3.0, 6, 0.6)
    col = ramp(nt, furrow, [(0.3, tuple(v * 0.6 for v in base)), (0.7, tuple(v * 1.4 for v in base))])
    if lichen:
        lm = ramp(nt, noise(nt, c, 2.0, 4, 0.6), [(0.55, (0, 0, 0)), (0.7, (1, 1, 1))])
        col = mix_rgb(nt, lm, col, lichen)
    principled(nt, out, col, 0.9, 0.3, 0.0, bump(nt, furrow, 0.6, 0.02))
    return m


def snow2_mat(name='snow2', base=(0.82, 0.85, 0.9), dirty=0.0):
    """Snow: a soft white with a faint blue in its shadows (Burley subsurface), tone drifting over metres,
    wind-rippled at decimetres in the bump only; no sub-pixel sparkle (it reads as render noise)."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    n1 = noise(nt, c, 0.15, 4, 0.5)
    col = ramp(nt, n1, [(0.3, tuple(v * 0.95 for v in base)), (0.7, tuple(min(1, v * 1.03) for v in base))])
    if dirty > 0:
        d = ramp(nt, noise(nt, c, 1.2, 6, 0.6), [(0.4, (1, 1, 1)), (0.8, (0.75, 0.74, 0.72))])
        col = mix_rgb(nt, dirty, col, mix_rgb(nt, 1.0, col, d, 'MULTIPLY'))
    rip = noise(nt, math_node_vec_scale(nt, c, (1.0, 3.0, 1.0)), 2.0, 4, 0.55)
    p = principled(nt, out, col, 0.62, 0.35, 0.0, bump(nt, rip, 0.15, 0.05))
    p.subsurface_method = 'BURLEY'
    p.inputs['Subsurface'].default_value = 0.12
    p.inputs['Subsurface Radius'].default_value = (0.4, 0.6, 0.9)
    p.inputs['Subsurface Color'].default_value = (0.75, 0.85, 1.0, 1)
    return m


def view_reach(y, margin=3.0):
    """Half the width the outdoor camera (85 mm from 14.5 m) sees at depth y, with a margin."""
    return (y + 14.5) * 0.2118 * 1.1 + margin


def terrain(y0, y1, height_fn, mat, rows=260, cols=420, name='land', y_power=2.2, margin=6.0):
    """Ground over the camera's wedge between depths y0 and y1: rows spaced closer near the camera, each
    row as wide as the view there; z = height_fn(x, y) (numpy arrays)."""
    import numpy as np
    t = np.linspace(0, 1, rows)
    ys = y0 + (y1 - y0) * t ** y_power
    u = np.linspace(-1, 1, cols)
    Y, U = np.meshgrid(ys, u, indexing='ij')
    X = U * np.vectorize(view_reach)(Y, margin)
    Z = height_fn(X, Y)
    verts = np.stack([X, Y, Z], axis=2).reshape(-1, 3)
    idx = np.arange(rows * cols).reshape(rows, cols)
    q = np.stack([idx[:-1, :-1], idx[:-1, 1:], idx[1:, 1:], idx[1:, :-1]], axis=2).reshape(-1, 4)
    me = bpy.data.meshes.new(name)
    me.from_pydata(verts.tolist(), [], q.tolist())
    me.polygons.foreach_set('use_smooth', np.ones(len(q), dtype=bool))
    me.update()
    me.materials.append(mat)
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def fbm(x, y, scale, octaves=6, seed=0, ridged=False):
    """Fractal noise over numpy arrays (mathutils noise per point), about -1..1 (0..1 when ridged)."""
    import numpy as np
    from mathutils import noise as mn
    xs, ys = np.ravel(x) / scale, np.ravel(y) / scale
    off = Vector((seed * 17.3, seed * 5.1, seed * 3.7))
    if ridged:
        f = [mn.ridged_multi_fractal(Vector((a, b, 0)) + off, 0.9, 2.0, octaves, 1.0, 2.0, noise_basis='PERLIN_NEW')
             for a, b in zip(xs, ys)]
    else:
        f = [mn.fractal(Vector((a, b, 0)) + off, 0.7, 2.0, octaves, noise_basis='PERLIN_NEW') for a, b in zip(xs, ys)]
    return np.array(f).reshape(np.shape(x))


def conifer_carpet(height_fn, y0, y1, density, tree_h, mat, snow_mat=None, name='far-forest', cover_fn=None,
                   seed=3):
    """Distant conifer forest as real silhouettes: each tree a few stacked, jagged cones (one mesh), standing
    on the terrain; `cover_fn(x, y)` 0-1 thins it (clearings, rock, the tree line)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    area_rows = np.linspace(y0, y1, 60)
    for ya, yb in zip(area_rows[:-1], area_rows[1:]):
        w = 2 * view_reach(yb, 10)
        n = int(density * w * (yb - ya))
        if n == 0:
            continue
        x = rng.uniform(-w / 2, w / 2, n)
        y = rng.uniform(ya, yb, n)
        if cover_fn is not None:
            keep = rng.random(n) < cover_fn(x, y)
            x, y = x[keep], y[keep]
            n = len(x)
            if n == 0:
                continue
        z = height_fn(x, y)
        h = tree_h * rng.uniform(0.6, 1.3, n)
        r = h * rng.uniform(0.16, 0.24, n)
        k = 6
        ang = np.linspace(0, 2 * np.pi, k + 1)[:-1]
        for tier, (z0, z1, rf) in enumerate(((0.05, 0.55, 1.0), (0.35, 0.8, 0.7), (0.6, 1.0, 0.42))):
            rr = r[:, None] * rf * rng.uniform(0.75, 1.15, (n, k))
            a = ang[None, :] + rng.uniform(0, 1, (n, 1))
            ring = np.stack([x[:, None] + np.cos(a) * rr, y[:, None] + np.sin(a) * rr,
                             (z + h * z0)[:, None] - rng.uniform(0, 0.1, (n, k)) * h[:, None]], axis=2)
            apex = np.stack([x, y, z + h * z1], axis=1)
            fan = np.stack([np.repeat(apex[:, None, :], k, 1), ring, np.roll(ring, -1, axis=1)], axis=2)
            soup.add(fan.reshape(-1, 3, 3), 0, tone=np.repeat(rng.random(n), k))
            if snow_mat is not None and tier > 0:
                pass
    me = soup.mesh(name, [mat] + ([snow_mat] if snow_mat else []))
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def grass_blades(y0, y1, ground_fn, density, height, mat, name='grass', seed=5, x_margin=2.0, lean=0.35):
    """Grass as blades (thin triangles, a few to 40 cm, leaning every way) over the visible strip."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    w = 2 * view_reach(y1, x_margin)
    n = int(density * w * (y1 - y0))
    x = rng.uniform(-w / 2, w / 2, n)
    y = rng.uniform(y0, y1, n)
    z = ground_fn(x, y)
    h = height * rng.uniform(0.35, 1.2, n)
    a = rng.uniform(0, 2 * np.pi, n)
    bw = rng.uniform(0.004, 0.009, n)
    tipx = x + np.cos(a) * h * lean * rng.random(n)
    tipy = y + np.sin(a) * h * lean * rng.random(n)
    px, py = -np.sin(a), np.cos(a)
    tris = np.stack([np.stack([x - px * bw, y - py * bw, z - 0.02], 1), np.stack([x + px * bw, y + py * bw, z - 0.02], 1),
                     np.stack([tipx, tipy, z + h], 1)], axis=1)
    soup.add(tris, 0, tone=rng.random(n))
    me = soup.mesh(name, [mat])
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def sky_clouds(horizon, zenith, cloud=0.12, scale=1.2, strength=1.0, sun=None):
    """An overcast or hazy sky that is not a flat fill: brighter towards the horizon, with soft cloud
    banks drawn in perspective (noise on the cloud deck, so they flatten and crowd towards the horizon)."""
    w, nt, bg, sep = elevation_world('clouds')
    zc = math_node(nt, 'MAXIMUM', sep.outputs['Z'], 0.03)
    comb = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'DIVIDE', sep.outputs['X'], zc), comb.inputs['X'])
    link(nt, math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), comb.inputs['Y'])
    cl = noise(nt, comb.outputs[0], scale, 8, 0.62, distortion=0.3)
    col = ramp(nt, sep.outputs['Z'], [(0.0, horizon), (0.35, zenith)])
    var = ramp(nt, cl, [(0.3, (1 - cloud,) * 3), (0.7, (1 + cloud,) * 3)])
    col = mix_rgb(nt, 1.0, col, var, 'MULTIPLY')
    if sun is not None:
        # A glow around the hidden sun (elevation, azimuth, colour, strength).
        el, az, scol, sst = sun
        dvec = Vector((math.sin(math.radians(az)) * math.cos(math.radians(el)),
                       math.cos(math.radians(az)) * math.cos(math.radians(el)), math.sin(math.radians(el))))
        dot = nt.nodes.new('ShaderNodeVectorMath')
        dot.operation = 'DOT_PRODUCT'
        link(nt, g.outputs['Generated'], dot.inputs[0])
        dot.inputs[1].default_value = dvec
        glow = math_node(nt, 'POWER', math_node(nt, 'MAXIMUM', dot.outputs['Value'], 0.0), 12.0)
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', glow, sst), col, scol, 'ADD')
    link(nt, col, bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength
    return w


def nature_compositor(mist, glare=0.0, dither=True, glow=None):
    """The session-5 compositor (albedo-steered bilateral denoise, mist, bloom, vignette) with the haze taken
    from the mist pass alone: the pass is averaged over the pixel and the lens like the image, so edges of
    defocused trunks and crowns get the haze of what they show. The old sky test on the depth pass was a
    hard threshold on an aliased pass: dotted outlines. The sky gets the same haze (author it for that).
    A faint dither breaks 8-bit banding in the smooth fog."""
    compositor(None, glare)
    nt = sc.node_tree
    comp = next(n for n in nt.nodes if n.type == 'COMPOSITE')
    vig = comp.inputs['Image'].links[0].from_node
    src = vig.inputs[1].links[0].from_socket
    rl = next(n for n in nt.nodes if n.type == 'R_LAYERS')
    img = src
    if mist:
        sc.world.mist_settings.start = mist['start']
        sc.world.mist_settings.depth = mist['depth']
        sc.world.mist_settings.falloff = mist.get('falloff', 'INVERSE_QUADRATIC')
        amt = nt.nodes.new('CompositorNodeMath')
        amt.operation = 'MULTIPLY'
        link(nt, rl.outputs['Mist'], amt.inputs[0])
        amt.inputs[1].default_value = mist.get('max', 0.6)
        m = nt.nodes.new('CompositorNodeMixRGB')
        link(nt, amt.outputs[0], m.inputs[0])
        link(nt, img, m.inputs[1])
        m.inputs[2].default_value = (*mist['color'], 1)
        if glow:
            # Fog lit by a sun hidden in it: a soft patch of the haze (centre x, y, size w, h as image
            # shares; colour) brighter and warmer, so the fog is not one flat fill.
            gx, gy, gw, gh, gcol = glow
            ell = nt.nodes.new('CompositorNodeEllipseMask')
            ell.x, ell.y, ell.width, ell.height = gx, gy, gw, gh
            blur = nt.nodes.new('CompositorNodeBlur')
            blur.filter_type = 'FAST_GAUSS'
            blur.use_relative = True
            blur.factor_x = blur.factor_y = 40
            link(nt, ell.outputs['Mask'], blur.inputs[0])
            gm = nt.nodes.new('CompositorNodeMixRGB')
            link(nt, blur.outputs[0], gm.inputs[0])
            gm.inputs[1].default_value = (*mist['color'], 1)
            gm.inputs[2].default_value = (*gcol, 1)
            link(nt, gm.outputs[0], m.inputs[2])
        img = m.outputs[0]
    link(nt, img, vig.inputs[1])
    if dither:
        sc.render.dither_intensity = 1.5


def distance_fade(nt, near, far, at_near, at_far):
    """A factor that runs from at_near to at_far as the distance from the camera goes from near to far (m):
    detail finer than a pixel far out (ripples) only adds sampling grain there."""
    camd = nt.nodes.new('ShaderNodeCameraData')
    fade = nt.nodes.new('ShaderNodeMapRange')
    link(nt, camd.outputs['View Distance'], fade.inputs['Value'])
    fade.inputs['From Min'].default_value = near
    fade.inputs['From Max'].default_value = far
    fade.inputs['To Min'].default_value = at_near
    fade.inputs['To Max'].default_value = at_far
    return fade.outputs[0]


def water(y0, size_y=6000, color=(0.02, 0.06, 0.07), choppy=1.0, wave_scale=1.0, calm=False):
    o = obj_from(bpy.ops.mesh.primitive_plane_add, size=1, location=(0, y0 + size_y / 2, -0.15))
    o.scale = (4000, size_y, 1)
    bpy.ops.object.transform_apply(scale=True)
    mat, nt, out = new_mat('water')
    c = coord(nt)
    waves = noise(nt, math_node_vec_scale(nt, c, (1.0, 3.0, 1.0)), 1.2 * wave_scale, 8, 0.6)
    ripples = noise(nt, c, 12 * wave_scale, 4, 0.5)
    # Ripples far out are smaller than a pixel: their bump only makes sampling grain there (session 5), so
    # they fade with distance; the swell (metres long) stays, so the far sea keeps its texture and its tone
    # below the sky's, as in a photograph.
    h = math_node(nt, 'ADD', waves, math_node(nt, 'MULTIPLY', ripples, distance_fade(nt, 60.0, 400.0, 0.3, 0.0)))
    nrm = bump(nt, h, (0.06 if calm else 0.25) * choppy, 0.05)
    p = principled(nt, out, color, 0.03, 0.5, 0.0, nrm)
    p.inputs['IOR'].default_value = 1.33
    o.data.materials.append(mat)
    return o


def math_node_vec_scale(nt, v, s):
    m = nt.nodes.new('ShaderNodeVectorMath')
    m.operation = 'MULTIPLY'
    link(nt, v, m.inputs[0])
    m.inputs[1].default_value = s
    return m.outputs[0]


def facade_mat(name, wall, glass=(0.05, 0.07, 0.08), cols=1.6, rows=3.3, lit=0.0, lit_color=(1, 0.8, 0.55),
               frame=0.12, night=False):
    """A building face: wall colour with a grid of recessed-looking glass panes (reflective), a share `lit`
    lit from inside with varied warmth, per-window random blinds so no two windows repeat."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    # Windows along X (across) and Z (up); the facade plane is vertical in XZ.
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    u = math_node(nt, 'DIVIDE', sep.outputs['X'], cols)
    v = math_node(nt, 'DIVIDE', sep.outputs['Z'], rows)
    fu = math_node(nt, 'FRACT', u)
    fv = math_node(nt, 'FRACT', v)
    inside_u = math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', fu, frame), math_node(nt, 'LESS_THAN', fu, 1 - frame))
    inside_v = math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', fv, frame * 1.6), math_node(nt, 'LESS_THAN', fv, 1 - frame * 0.8))
    win = math_node(nt, 'MULTIPLY', inside_u, inside_v)
    cell = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'FLOOR', u), cell.inputs[0])
    link(nt, math_node(nt, 'FLOOR', v), cell.inputs[1])
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, cell.outputs[0], wn.inputs['Vector'])
    cellv = wn.outputs['Value']
    grime = noise(nt, coord(nt), 0.5, 6, 0.6)
    wallc = ramp(nt, grime, [(0.3, tuple(x * 0.85 for x in wall)), (0.7, tuple(min(1, x * 1.1) for x in wall))])
    blind = ramp(nt, cellv, [(0.0, glass), (0.6, glass), (0.61, tuple(x * 2.5 for x in glass)), (1.0, (0.25, 0.24, 0.22))])
    col = mix_rgb(nt, win, wallc, blind)
    rough = math_node(nt, 'SUBTRACT', 0.8, math_node(nt, 'MULTIPLY', win, 0.77))
    emit = None
    strength = 0.0
    if lit > 0:
        on = math_node(nt, 'MULTIPLY', win, math_node(nt, 'LESS_THAN', cellv, lit))
        warm = ramp(nt, math_node(nt, 'FRACT', math_node(nt, 'MULTIPLY', cellv, 7.0)),
                    [(0.0, lit_color), (0.5, (1.0, 0.92, 0.8)), (1.0, (0.75, 0.85, 1.0))])
        emit = mix_rgb(nt, on, (0, 0, 0), warm)
        strength = 2.0 if night else 1.0
    principled(nt, out, col, rough, 0.6, 0.0, emission=emit, emission_strength=strength)
    return m


class Batch:
    """Many boxes and quads as one mesh per material (thousands of window parts through bpy.ops would take
    minutes)."""

    def __init__(self, mat, name='batch'):
        import bmesh
        self.bm = bmesh.new()
        self.mat = mat
        self.name = name

    def box(self, dims, loc, rot_z=0.0, rot_x=0.0, rot_y=0.0):
        import bmesh
        from mathutils import Matrix
        m = (Matrix.Translation(Vector(loc)) @ Matrix.Rotation(rot_z, 4, 'Z') @ Matrix.Rotation(rot_x, 4, 'X')
             @ Matrix.Rotation(rot_y, 4, 'Y') @ Matrix.Diagonal((*dims, 1.0)))
        bmesh.ops.create_cube(self.bm, size=1.0, matrix=m)

    def done(self):
        me = bpy.data.meshes.new(self.name)
        self.bm.to_mesh(me)
        self.bm.free()
        o = bpy.data.objects.new(self.name, me)
        sc.collection.objects.link(o)
        me.materials.append(self.mat)
        return o


def plaster_mat(name, color, rough=0.85, streaks=True):
    """Render or stone on a facade: a faint large-scale tone change, fine sand grain, and dirt washed down
    from sills and ledges as vertical streaks (stretched noise), darker near the pavement."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    tone = noise(nt, c, 0.15, 4, 0.5)
    col = ramp(nt, tone, [(0.3, tuple(v * 0.93 for v in color)), (0.7, tuple(min(1, v * 1.05) for v in color))])
    if streaks:
        st = noise(nt, math_node_vec_scale(nt, c, (6.0, 6.0, 0.25)), 1.5, 6, 0.6)
        col = mix_rgb(nt, 1.0, col, ramp(nt, st, [(0.45, (1, 1, 1)), (0.75, (0.8, 0.78, 0.75))]), 'MULTIPLY')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    z = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], z.inputs[0])
    splash = ramp(nt, math_node(nt, 'ADD', z.outputs['Z'], math_node(nt, 'MULTIPLY', noise(nt, c, 3, 4, 0.6), 0.3)),
                  [(0.0, (0.72, 0.7, 0.68)), (0.6, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, col, splash, 'MULTIPLY')
    grain = noise(nt, c, 140, 4, 0.6)
    col = mix_rgb(nt, 0.06, col, ramp(nt, grain, [(0.3, (0, 0, 0)), (0.7, (1, 1, 1))]), 'OVERLAY')
    principled(nt, out, col, rough, 0.3, 0.0, bump(nt, grain, 0.25, 0.004))
    return m


def window_glass_mat(name, night=False, lit=0.0):
    """Double glazing: a dark, smooth, Fresnel-reflective surface (it mirrors the sky and the street) with
    what is behind it: per pane a random interior tone, blinds or curtains at a random height, at night a
    random share lit warm or cool."""
    m, nt, out = new_mat(name)
    attr = nt.nodes.new('ShaderNodeAttribute')
    attr.attribute_type = 'OBJECT'
    c = coord(nt, 'Object')
    # One random number per pane: white noise of the pane's cell (panes are 1 m scale quads).
    cellpos = nt.nodes.new('ShaderNodeVectorMath')
    cellpos.operation = 'SNAP'
    link(nt, c, cellpos.inputs[0])
    cellpos.inputs[1].default_value = (0.9, 0.9, 1.5)
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, cellpos.outputs[0], wn.inputs['Vector'])
    rnd = wn.outputs['Value']
    wn2 = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn2.noise_dimensions = '3D'
    link(nt, math_node_vec_scale(nt, cellpos.outputs[0], (1.7, 2.3, 3.1)), wn2.inputs['Vector'])
    rnd2 = wn2.outputs['Value']
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    fz = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['Z'], 1.5))
    blind = math_node(nt, 'GREATER_THAN', fz, math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'MULTIPLY', rnd2, 0.9)))
    room = ramp(nt, rnd, [(0.0, (0.012, 0.012, 0.013)), (0.5, (0.03, 0.028, 0.025)), (1.0, (0.06, 0.055, 0.05))])
    shade = ramp(nt, rnd2, [(0.0, (0.35, 0.33, 0.3)), (0.5, (0.55, 0.53, 0.5)), (1.0, (0.25, 0.22, 0.2))])
    col = mix_rgb(nt, blind, room, shade)
    g = nt.nodes.new('ShaderNodeBsdfGlossy')
    g.inputs['Roughness'].default_value = 0.015
    fres = nt.nodes.new('ShaderNodeFresnel')
    fres.inputs['IOR'].default_value = 1.52
    d = nt.nodes.new('ShaderNodeBsdfDiffuse')
    link(nt, col, d.inputs['Color'])
    base = d.outputs[0]
    if lit > 0:
        on = math_node(nt, 'LESS_THAN', rnd, lit)
        warm = ramp(nt, rnd2, [(0.0, (1.0, 0.72, 0.45)), (0.6, (1.0, 0.86, 0.7)), (1.0, (0.8, 0.88, 1.0))])
        e = nt.nodes.new('ShaderNodeEmission')
        link(nt, mix_rgb(nt, on, (0, 0, 0), mix_rgb(nt, blind, warm, mix_rgb(nt, 1.0, warm, (0.6, 0.5, 0.4), 'MULTIPLY'))), e.inputs['Color'])
        e.inputs['Strength'].default_value = 1.5 if night else 0.6
        add = nt.nodes.new('ShaderNodeAddShader')
        link(nt, base, add.inputs[0])
        link(nt, e.outputs[0], add.inputs[1])
        base = add.outputs[0]
    mix = nt.nodes.new('ShaderNodeMixShader')
    link(nt, math_node(nt, 'ADD', fres.outputs[0], 0.04), mix.inputs[0])
    link(nt, base, mix.inputs[1])
    link(nt, g.outputs[0], mix.inputs[2])
    link(nt, mix.outputs[0], out.inputs['Surface'])
    return no_light_sampling(m)


def facade(x0, x1, y, h, wall, storey=3.3, bay=1.9, win_w=1.15, win_h=1.75, sill=0.95, shop=True, frame_col=(0.12, 0.12, 0.12),
           recess=0.22, lit=0.0, night=False, shop_lit=(1.0, 0.85, 0.65), name='fa', cornice=True, behind=False):
    """A street facade with real depth: the wall face at depth y, windows set back `recess` into it, each
    with a metal frame, a central mullion, a transom, a stone sill that sticks out; per pane the glass is
    tilted a few hundredths of a degree (so reflections break up as in real glazing); string courses at
    every floor, a ground floor of shopfronts (large glass, a fascia board, a stall riser); a cornice."""
    before = set(bpy.data.objects)
    w = x1 - x0
    cx = (x0 + x1) / 2
    wallm = plaster_mat(name + '-wall', wall)
    glass = window_glass_mat(name + '-glass', night, lit)
    framem = simple_mat(name + '-frame', frame_col, 0.35, metallic=0.6, grain=0.05)
    stone = plaster_mat(name + '-stone', tuple(min(1, v * 1.12) for v in wall), 0.7, streaks=False)
    walls = Batch(wallm, name + '-walls')
    frames = Batch(framem, name + '-frames')
    panes = Batch(glass, name + '-panes')
    stones = Batch(stone, name + '-stones')
    ground = 3.9 if shop else 0.3
    fascia_z = 3.45
    n_bays = max(1, int(w / bay))
    bay = w / n_bays
    # The body behind the face (the window reveals are the gaps between piers and spandrels).
    walls.box((w, 6.0, h), (cx, y + recess + 0.15 + 3.0, h / 2))
    z = ground
    floors = []
    while z + storey <= h - 0.8:
        floors.append(z)
        z += storey
    top = z
    # Spandrels (below each window row) and piers (between windows): the face, `recess` proud of the glass.
    for fz in floors:
        walls.box((w, recess, sill), (cx, y + recess / 2, fz + sill / 2))
        head = fz + sill + win_h
        walls.box((w, recess, fz + storey - head), (cx, y + recess / 2, (head + fz + storey) / 2))
        stones.box((w - 0.01, 0.12, 0.18), (cx, y - 0.06, fz + 0.09))  # string course (ends at the plot: no overlap)
        for i in range(n_bays):
            wx = x0 + (i + 0.5) * bay
            pier_l = x0 + i * bay
            # Half a pier each side of the window (boxes that overlapped shadowed each other's faces).
            half = (bay - win_w) / 2
            walls.box((half, recess, win_h), (pier_l + half / 2, y + recess / 2, fz + sill + win_h / 2))
            walls.box((half, recess, win_h), (pier_l + bay - half / 2, y + recess / 2, fz + sill + win_h / 2))
            # Stone sill, dripping forward; the glazing set back, framed, with a mullion and a transom.
            stones.box((win_w + 0.16, recess + 0.1, 0.07), (wx, y + recess / 2 - 0.05, fz + sill - 0.03))
            gy = y + recess
            f = 0.055
            frames.box((win_w, 0.07, f), (wx, gy, fz + sill + f / 2))
            frames.box((win_w, 0.07, f), (wx, gy, fz + sill + win_h - f / 2))
            frames.box((f, 0.07, win_h), (wx - win_w / 2 + f / 2, gy, fz + sill + win_h / 2))
            frames.box((f, 0.07, win_h), (wx + win_w / 2 - f / 2, gy, fz + sill + win_h / 2))
            frames.box((f * 0.8, 0.06, win_h), (wx, gy - 0.01, fz + sill + win_h / 2))
            frames.box((win_w, 0.06, f * 0.8), (wx, gy - 0.01, fz + sill + win_h * 0.75))
            for side in (-1, 1):
                for lo, hi in ((0.0, 0.75), (0.75, 1.0)):
                    pz = fz + sill + win_h * (lo + hi) / 2
                    panes.box((win_w / 2 - f, 0.01, win_h * (hi - lo) - f), (wx + side * win_w / 4, gy + 0.02, pz),
                              rot_z=random.gauss(0, 0.004), rot_x=random.gauss(0, 0.004))
    # Top: a parapet with a cornice.
    walls.box((w, recess, h - top), (cx, y + recess / 2, (top + h) / 2))
    if cornice:
        stones.box((w - 0.01, 0.45, 0.3), (cx, y - 0.12, top + 0.15))
        stones.box((w - 0.01, 0.55, 0.18), (cx, y - 0.17, h - 0.09))
    if not shop:
        # Raised ground-floor flats: a stone plinth up to the first sills.
        stones.box((w + 0.04, 0.05, 0.3), (cx, y - 0.025, 0.15))
    if shop:
        # Shopfronts: stall riser, big glazing in frames, a fascia with a sign panel, pilasters.
        walls.box((w, recess, ground - 3.2), (cx, y + recess / 2, 3.2 + (ground - 3.2) / 2))
        n_shops = max(1, int(w / 6.5))
        sw = w / n_shops
        for k in range(n_shops):
            sx = x0 + (k + 0.5) * sw
            walls.box((0.45, recess + 0.08, ground), (x0 + k * sw + 0.225, y + recess / 2 - 0.04, ground / 2))
            walls.box((0.45, recess + 0.08, ground), (x0 + (k + 1) * sw - 0.225, y + recess / 2 - 0.04, ground / 2))
            gw = sw - 0.9
            frames.box((gw, 0.25, 0.45), (sx, y + recess, 0.225))  # stall riser
            frames.box((gw, 0.1, 0.08), (sx, y + recess, 3.2))
            for j in range(1, 3):
                frames.box((0.07, 0.1, 2.8), (sx - gw / 2 + j * gw / 3, y + recess, 1.85))
            shopm = shopfront_mat(name + '-shop%d' % k, shop_lit, night)
            pane = plane(gw, 2.8, (sx, y + recess + 0.03, 1.85), shopm, rot=(math.pi / 2, 0, 0))
            if night and abs(sx) < 14 and not behind:
                # A lit shop throws its light out over the pavement: one soft lamp filling its window.
                shop_lamp = area_light((sx, y + recess - 0.05, 1.85), gw, 40 * gw, shop_lit, size_y=2.6,
                                       target=(sx, y - 10, 1.0))
                # The wet road must mirror the shop itself, not a uniform 2.6-m rectangle of light in front
                # of it (which turned the whole road a flat, grainy beige).
                shop_lamp.visible_glossy = False
            # Fascia sign: a dark or coloured board with a lighter lettering band (out of focus: a name).
            sign = simple_mat(name + '-sign%d' % k, random.choice([(0.05, 0.06, 0.08), (0.35, 0.05, 0.04),
                                                                    (0.06, 0.15, 0.1), (0.75, 0.72, 0.66)]), 0.4)
            box((gw + 0.2, 0.12, 0.55), (sx, y - 0.06, fascia_z), sign, bevel=0.01)
            if random.random() < 0.45:
                # A fabric awning out over the pavement (its shadow falls on the shop window).
                cloth = simple_mat(name + '-awning%d' % k, random.choice([(0.35, 0.06, 0.05), (0.08, 0.18, 0.12),
                                                                           (0.55, 0.5, 0.42), (0.1, 0.1, 0.12)]),
                                   0.85, grain=0.08, grain_scale=12, bump_strength=0.2)
                depth_ = random.uniform(1.0, 1.5)
                box((gw, depth_, 0.03), (sx, y - depth_ / 2 * 0.94, fascia_z - 0.35 - depth_ * 0.17), cloth,
                    bevel=0.005, rot=(math.radians(20), 0, 0))
                box((gw, 0.02, 0.22), (sx, y - depth_ * 0.94, fascia_z - 0.45 - depth_ * 0.34), cloth, bevel=0.003)
            letters = no_light_sampling(emission_mat('letters', (1.0, 0.95, 0.85), 1.5 if night else 0.25))
            lx_ = sx - random.uniform(0.8, 1.6)
            lh = random.uniform(0.2, 0.3)
            for word in range(random.randint(1, 2)):
                for li in range(random.randint(3, 7)):
                    lw = random.choice((0.05, 0.14, 0.17, 0.19))
                    box((lw, 0.03, lh * random.choice((1.0, 1.0, 1.0, 1.25))), (lx_ + lw / 2, y - 0.13, fascia_z),
                        letters, bevel=0)
                    lx_ += lw + 0.05
                lx_ += 0.25
    for b in (walls, frames, panes, stones):
        b.done()
    if behind:
        # The same street face turned round to stand behind the camera (seen only in reflections).
        pivot = bpy.data.objects.new('pivot', None)
        sc.collection.objects.link(pivot)
        pivot.rotation_euler = (0, 0, math.pi)
        for o in set(bpy.data.objects) - before - {pivot}:
            o.parent = pivot


def shopfront_mat(name, lit_color, night):
    """Shop glazing: reflective glass (8 % head-on, more at an angle: it mirrors the street) over the shop
    seen through it: a lit ceiling band, shelving bays with shelves and goods of random colours, a darker
    floor. Out of focus this reads as a shop; a noise texture read as camouflage."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    u = sep.outputs['X']
    v = math_node(nt, 'ADD', sep.outputs['Y'], 1.4)  # 0 at the sill, 2.8 at the head
    bay = random.uniform(0.9, 1.4)
    upright = math_node(nt, 'LESS_THAN', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', u, bay)), 0.06)
    shelf_h = random.uniform(0.32, 0.45)
    shelf = math_node(nt, 'LESS_THAN', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', v, shelf_h)), 0.1)
    cell = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', u, random.uniform(0.12, 0.3))), cell.inputs[0])
    link(nt, math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', v, shelf_h)), cell.inputs[1])
    cell.inputs[2].default_value = random.uniform(0, 100)
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, cell.outputs[0], wn.inputs['Vector'])
    goods = ramp(nt, wn.outputs['Value'], [(0.0, (0.5, 0.45, 0.4)), (0.3, (0.15, 0.14, 0.13)), (0.5, (0.6, 0.58, 0.55)),
                                            (0.7, (0.3, 0.12, 0.08)), (0.85, (0.1, 0.15, 0.3)), (1.0, (0.8, 0.78, 0.7))])
    col = mix_rgb(nt, shelf, goods, (0.85, 0.85, 0.83))
    col = mix_rgb(nt, upright, col, (0.05, 0.05, 0.05))
    in_band = math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', v, 0.35), math_node(nt, 'LESS_THAN', v, 2.25))
    col = mix_rgb(nt, in_band, (0.05, 0.045, 0.04), col)
    # Light falls off from the ceiling fittings (the band at the top of the window) towards the floor.
    light = ramp(nt, math_node(nt, 'DIVIDE', v, 2.8), [(0.0, (0.12, 0.12, 0.12)), (0.75, (0.5, 0.5, 0.5)), (0.86, (1, 1, 1)), (0.9, (4.0, 4.0, 4.0)),
                         (0.93, (0.3, 0.3, 0.3))])
    col = mix_rgb(nt, 1.0, col, light, 'MULTIPLY')
    col = mix_rgb(nt, 0.6, col, mix_rgb(nt, 1.0, col, lit_color, 'MULTIPLY'))
    e = nt.nodes.new('ShaderNodeEmission')
    link(nt, col, e.inputs['Color'])
    e.inputs['Strength'].default_value = (3.0 if night else 5.0) * random.uniform(0.6, 1.3)
    glass_over(nt, out, e.outputs[0], 0.04)
    return no_light_sampling(m)


def glass_over(nt, out, base, f0):
    """Window glass on top of `base` (what lies behind or inside the pane): a sharp Fresnel reflection
    (IOR 1.52, at least f0 head-on) mixed over it, wired to the material output."""
    g = nt.nodes.new('ShaderNodeBsdfGlossy')
    g.inputs['Roughness'].default_value = 0.01
    fres = nt.nodes.new('ShaderNodeFresnel')
    fres.inputs['IOR'].default_value = 1.52
    mix = nt.nodes.new('ShaderNodeMixShader')
    link(nt, math_node(nt, 'ADD', fres.outputs[0], f0), mix.inputs[0])
    link(nt, base, mix.inputs[1])
    link(nt, g.outputs[0], mix.inputs[2])
    link(nt, mix.outputs[0], out.inputs['Surface'])


def building(x, y, w, d, h, mat, roof=None):
    o = box((w, d, h), (x, y + d / 2, h / 2), mat, bevel=0.02)
    if roof is not None:
        box((w + 0.3, d + 0.3, 0.4), (x, y + d / 2, h + 0.2), roof, bevel=0.02)
    return o


# ---------------------------------------------------------------- camera, render, metadata

def camera(focal=50.0, fstop=2.8, pitch_deg=-2.0, height=CAM_HEIGHT, distance=CAR_DISTANCE, focus=None,
           outdoor=False):
    if outdoor:
        # Outdoors a car photographer stands back with a short telephoto: background compressed and soft.
        # f/1.8 (session 5): the soft background of real car photography, and it hides modelling limits.
        focal, distance, fstop, pitch_deg = 85.0, 14.5, 1.8, -1.2
    d = bpy.data.cameras.new('cam')
    d.lens = focal
    d.sensor_width = 36.0
    d.sensor_fit = 'HORIZONTAL'
    d.dof.use_dof = True
    d.dof.focus_distance = focus or distance
    d.dof.aperture_fstop = fstop
    d.dof.aperture_blades = 7
    d.clip_end = 3000
    o = bpy.data.objects.new('cam', d)
    sc.collection.objects.link(o)
    o.location = (0, -distance, height)
    o.rotation_euler = (math.radians(90 + pitch_deg), 0, 0)
    sc.camera = o
    meta['camera'] = {'focalMm': focal, 'sensorMm': 36.0, 'fStop': fstop, 'heightM': height,
                      'pitchDeg': pitch_deg, 'carDistanceM': distance}
    return o


def project(p):
    v = world_to_camera_view(sc, sc.camera, Vector(p))
    return v.x, 1.0 - v.y  # image coordinates: x right, y down, 0..1


def finish_metadata(extra):
    bpy.context.view_layer.update()  # camera matrices are stale until the depsgraph is evaluated
    cam = sc.camera
    meta['width'] = WIDTH
    meta['samples'] = sc.cycles.samples
    meta['height'] = HEIGHT
    meta['camera']['focalPx'] = cam.data.lens / cam.data.sensor_width * WIDTH
    _, hz = project((0, 1e6, CAM_HEIGHT))
    meta['horizonY'] = round(hz, 4)
    # The car's footprint: the near wheels' contact line (~0.8 m in front of the car's centre) and the far
    # ones (~0.8 m behind), as rows; the compositor puts the photo's lowest contact on nearY.
    _, near_y = project((0, -0.8, 0))
    _, far_y = project((0, 0.8, 0))
    _, centre_y = project((0, 0, 0))
    meta['floorY'] = {'near': round(near_y, 4), 'centre': round(centre_y, 4), 'far': round(far_y, 4)}
    # Pixels per metre at the car's centre, as a share of the width: a 4.5 m car's side then spans
    # 4.5 * metrePerWidth of the frame.
    x0, _ = project((0, 0, 0))
    x1, _ = project((1, 0, 0))
    meta['metreAtCar'] = round(x1 - x0, 4)
    # Shadow of a point 1 m above the car's centre, cast by the key light onto the floor (image shares).
    k = meta.get('keyLight')
    if k:
        az = math.radians(k['azimuthDeg'])
        el = math.radians(max(5.0, k['elevationDeg']))
        toward_light = Vector((math.sin(az), math.cos(az), 0))
        tip = -toward_light / math.tan(el)
        sx, sy = project((tip.x, tip.y, 0))
        cx, cy = project((0, 0, 0))
        meta['shadowVector'] = [round(sx - cx, 4), round(sy - cy, 4)]
    meta.update(extra)


def render_settings(exposure=0.0, look='Medium High Contrast', mist=None, glare=0.0, samples=None, adaptive=0.02):
    sc.render.engine = 'CYCLES'
    sc.cycles.device = 'CPU'
    sc.cycles.samples = samples or SAMPLES
    sc.cycles.use_adaptive_sampling = True
    sc.cycles.adaptive_threshold = adaptive
    sc.cycles.use_denoising = False
    sc.cycles.max_bounces = 6
    sc.cycles.diffuse_bounces = 3
    sc.cycles.glossy_bounces = 3
    sc.cycles.transmission_bounces = 6
    sc.cycles.transparent_max_bounces = 6
    sc.cycles.volume_bounces = 0
    sc.cycles.sample_clamp_indirect = 1.5
    # Fireflies: a lamp's glint on a satin floor found by one sample in a thousand reads as sand.
    sc.cycles.sample_clamp_direct = 6.0
    sc.cycles.blur_glossy = 1.0
    sc.cycles.caustics_reflective = False
    sc.cycles.caustics_refractive = False
    sc.cycles.seed = 7
    sc.render.threads_mode = 'AUTO'
    sc.render.resolution_x = WIDTH
    sc.render.resolution_y = HEIGHT
    sc.render.resolution_percentage = 100
    sc.render.film_transparent = False
    sc.view_settings.view_transform = 'Filmic'
    sc.view_settings.look = look
    sc.view_settings.exposure = exposure
    sc.render.image_settings.file_format = 'PNG'
    sc.render.image_settings.color_depth = '8'
    vl = sc.view_layers[0]
    vl.cycles.denoising_store_passes = True
    vl.use_pass_mist = True
    vl.use_pass_z = True
    if mist:
        sc.world.mist_settings.start = mist['start']
        sc.world.mist_settings.depth = mist['depth']
        sc.world.mist_settings.falloff = 'QUADRATIC'
    compositor(mist, glare)


def compositor(mist, glare):
    """Our own denoiser (Debian's Cycles has no OpenImageDenoise): the noisy light is divided by the
    albedo, smoothed by a bilateral filter steered by normals and albedo (edges and textures survive), and
    multiplied back. Then aerial mist by depth, a faint bloom around bright lights, and a lens vignette."""
    sc.use_nodes = True
    nt = sc.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    rl = nt.nodes.new('CompositorNodeRLayers')
    comp = nt.nodes.new('CompositorNodeComposite')
    alb = rl.outputs['Denoising Albedo']
    nrm = rl.outputs['Denoising Normal']
    eps = nt.nodes.new('CompositorNodeMixRGB')
    eps.blend_type = 'ADD'
    eps.inputs[0].default_value = 1.0
    link(nt, alb, eps.inputs[1])
    eps.inputs[2].default_value = (0.03, 0.03, 0.03, 1)
    div = nt.nodes.new('CompositorNodeMixRGB')
    div.blend_type = 'DIVIDE'
    div.inputs[0].default_value = 1.0
    link(nt, rl.outputs['Image'], div.inputs[1])
    link(nt, eps.outputs[0], div.inputs[2])
    det = nt.nodes.new('CompositorNodeMixRGB')
    det.blend_type = 'MIX'
    det.inputs[0].default_value = 0.5
    link(nt, nrm, det.inputs[1])
    link(nt, alb, det.inputs[2])
    bil = nt.nodes.new('CompositorNodeBilateralblur')
    bil.iterations = 2
    bil.sigma_color = 0.12
    bil.sigma_space = 5.0
    link(nt, div.outputs[0], bil.inputs['Image'])
    link(nt, det.outputs[0], bil.inputs['Determinator'])
    mul = nt.nodes.new('CompositorNodeMixRGB')
    mul.blend_type = 'MULTIPLY'
    mul.inputs[0].default_value = 1.0
    link(nt, bil.outputs[0], mul.inputs[1])
    link(nt, eps.outputs[0], mul.inputs[2])
    img = mul.outputs[0]
    if mist:
        # Haze on objects only (the sky is already the sky), at most `max` of the way to the haze colour.
        solid = nt.nodes.new('CompositorNodeMath')
        solid.operation = 'LESS_THAN'
        link(nt, rl.outputs['Depth'], solid.inputs[0])
        solid.inputs[1].default_value = 1e5
        amount = nt.nodes.new('CompositorNodeMath')
        amount.operation = 'MULTIPLY'
        link(nt, rl.outputs['Mist'], amount.inputs[0])
        link(nt, solid.outputs[0], amount.inputs[1])
        lim = nt.nodes.new('CompositorNodeMath')
        lim.operation = 'MULTIPLY'
        link(nt, amount.outputs[0], lim.inputs[0])
        lim.inputs[1].default_value = mist.get('max', 0.45)
        m = nt.nodes.new('CompositorNodeMixRGB')
        m.blend_type = 'MIX'
        link(nt, lim.outputs[0], m.inputs[0])
        link(nt, img, m.inputs[1])
        m.inputs[2].default_value = (*mist['color'], 1)
        img = m.outputs[0]
    if glare > 0:
        g = nt.nodes.new('CompositorNodeGlare')
        g.glare_type = 'FOG_GLOW'
        g.quality = 'MEDIUM'
        g.threshold = 1.5
        g.size = 8
        g.mix = -1 + glare
        link(nt, img, g.inputs[0])
        img = g.outputs[0]
    lens_vignette(nt, img, comp.inputs['Image'], (1.1, 1.1), 30, 0.1)


def lens_vignette(nt, img, out, size, soft, amount):
    """Vignette: an elliptical mask of `size` (shares of the frame), blurred by `soft` (per cent of the
    frame), multiplied into `img` at `amount`, linked to `out`."""
    ell = nt.nodes.new('CompositorNodeEllipseMask')
    ell.width, ell.height = size
    blur = nt.nodes.new('CompositorNodeBlur')
    blur.filter_type = 'FAST_GAUSS'
    blur.use_relative = True
    blur.factor_x = soft
    blur.factor_y = soft
    link(nt, ell.outputs['Mask'], blur.inputs[0])
    vig = nt.nodes.new('CompositorNodeMixRGB')
    vig.blend_type = 'MULTIPLY'
    vig.inputs[0].default_value = amount
    link(nt, img, vig.inputs[1])
    link(nt, blur.outputs[0], vig.inputs[2])
    link(nt, vig.outputs[0], out)


# ---------------------------------------------------------------- archetypes

def cyclorama(mat, radius=4.0, back=9.0, height=14.0, width=60.0):
    """A seamless studio sweep: floor curving up into the back wall (no corner, no horizon line)."""
    import bmesh
    me = bpy.data.meshes.new('cyc')
    bm = bmesh.new()
    prof = [(-30.0, 0.0)]
    y = -30.0
    while y < back:
        y += 1.0
        prof.append((min(y, back), 0.0))
    for i in range(1, 17):
        a = i / 16 * math.pi / 2
        prof.append((back + math.sin(a) * radius, radius - math.cos(a) * radius))
    prof.append((back + radius, height))
    rows = []
    for xi in range(2):
        x = -width / 2 + xi * width
        rows.append([bm.verts.new((x, py, pz)) for py, pz in prof])
    for i in range(len(prof) - 1):
        bm.faces.new((rows[0][i], rows[1][i], rows[1][i + 1], rows[0][i + 1]))
    bm.to_mesh(me)
    o = bpy.data.objects.new('cyc', me)
    sc.collection.objects.link(o)
    for p in me.polygons:
        p.use_smooth = True
    me.materials.append(mat)
    return o


def _stretch(nt, vec, sx, sy, sz=1.0, rot_deg=0.0):
    """Object coordinates rotated about Z and scaled per axis (for streaks: long in one direction)."""
    mp = nt.nodes.new('ShaderNodeMapping')
    mp.inputs['Rotation'].default_value = (0.0, 0.0, math.radians(rot_deg))
    mp.inputs['Scale'].default_value = (sx, sy, sz)
    link(nt, vec, mp.inputs['Vector'])
    return mp.outputs['Vector']


# ---------------------------------------------------------------- session 7: photographic studios

def _xy_dist(nt, c, cx, cy):
    """Distance in the floor plane (x, y) from (cx, cy)."""
    sub = nt.nodes.new('ShaderNodeVectorMath')
    sub.operation = 'SUBTRACT'
    link(nt, c, sub.inputs[0])
    sub.inputs[1].default_value = (cx, cy, 0.0)
    flat = nt.nodes.new('ShaderNodeVectorMath')
    flat.operation = 'MULTIPLY'
    link(nt, sub.outputs[0], flat.inputs[0])
    flat.inputs[1].default_value = (1.0, 1.0, 0.0)
    ln = nt.nodes.new('ShaderNodeVectorMath')
    ln.operation = 'LENGTH'
    link(nt, flat.outputs[0], ln.inputs[0])
    return ln.outputs['Value']


def _tyre_arcs(nt, c, arcs, wobble):
    """Faint tyre arcs where cars were driven in and turned: each arc a pair of bands (a 1.55 m track),
    ~17 cm wide, wobbling, broken up along their length. Returns a 0..1 mask."""
    total = None
    for i, (cx, cy, r, amt) in enumerate(arcs):
        d = math_node(nt, 'ADD', _xy_dist(nt, c, cx, cy), wobble)
        for track in (0.0, 1.55):
            t = math_node(nt, 'DIVIDE', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', d, r + track)), 0.14)
            band = ramp(nt, t, [(0.0, (1, 1, 1)), (1.0, (0, 0, 0))])
            br = noise(nt, _stretch(nt, c, 1.0, 1.0, 1.0, 17.0 * i), 0.9 + 0.13 * i, 3, 0.5)
            brk = ramp(nt, br, [(0.38, (0, 0, 0)), (0.6, (1, 1, 1))])
            m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', band, brk), amt * 0.6)
            total = m if total is None else math_node(nt, 'ADD', total, m)
    return total


def studio10d_photo_params(photo):
    """Session 10 (studio grey, modern): strengths of the cyclorama's large-scale variation. The defaults are
    the session-7 values the other studios keep; `photo` cuts the metre-scale ones that read as blotches."""
    if photo:
        return dict(cove_jit=0.2, drift=(0.97, 1.025), mid=(0.99, 1.008), wall=(0.992, 1.006), und=0.015)
    return dict(cove_jit=0.9, drift=(0.84, 1.1), mid=(0.88, 1.05), wall=(0.96, 1.02), und=0.05)


def studio_cyc_mat(name, floor_col, wall_col, rough, wear=1.0, disc=None, arcs=(), rough_wall=0.8, dust=0.12,
                   scuffs=0.3, rough_var=0.32, photo=False):
    """Session 7: a painted cyclorama as photographed in a working car studio. The floor is clearly a floor:
    it is darker than the wall (walked and driven on), its tone drifts over metres (patches of touch-up paint,
    mopped areas), it carries faint tyre arcs, scuffs and dust, and its satin finish varies (worn lanes,
    dull patches) so the reflections of the wall and lights waver. The change from floor to wall climbs the
    cove unevenly, with grime at its foot. `disc`: a painted turntable of that radius round the car (its
    edge far from the wheels), a slightly different paint and a soft grimy seam, not a drawn line. `dust`: how
    much the dust drifts lighten (and dull) the floor; on a dark floor they read as pale stains. `scuffs`: the
    strength of the small rubber scuffs; `rough_var`: the spread of the floor's roughness (on a dark glossy
    floor a wide one shows as wet-looking patches). `photo` (session 10, studio grey and modern only): the
    metre-scale tone drift and mottle that read as cloudy blotches are cut to a few per cent, the detail moves
    to fine scales (paint orange-peel grain, fine scuffs, tyre marks), the satin is more even so the
    softboxes' reflection is a soft sheen, and the floor-to-wall change climbs the cove evenly."""
    m, nt, out = new_mat(name)
    PH = studio10d_photo_params(photo)
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    z = sep.outputs['Z']
    # floor (1) to wall (0) along the cove, jittered so it climbs unevenly.
    zj = math_node(nt, 'ADD', z, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.5, 4, 0.55), 0.5), PH['cove_jit']))
    on_floor = ramp(nt, zj, [(0.02, (1, 1, 1)), (0.85, (0, 0, 0))])
    flat = ramp(nt, z, [(0.0, (1, 1, 1)), (0.12, (0, 0, 0))])
    # Tone drift over metres and a medium mottle (mopped areas, touch-ups): multiplicative.
    drift = noise(nt, c, 0.12, 3, 0.5)
    tone = ramp(nt, drift, [(0.25, (PH['drift'][0],) * 3), (0.75, (PH['drift'][1],) * 3)])
    mid = noise(nt, _stretch(nt, c, 1.0, 1.6, 1.0, 30.0), 0.7, 5, 0.6)
    tone = mix_rgb(nt, 1.0, tone, ramp(nt, mid, [(0.3, (PH['mid'][0],) * 3), (0.7, (PH['mid'][1],) * 3)]), 'MULTIPLY')
    trowel = noise(nt, _stretch(nt, c, 1.0, 2.4, 1.0, -20.0), 5.0, 6, 0.65)
    tone = mix_rgb(nt, 1.0, tone, ramp(nt, trowel, [(0.3, (0.975, 0.975, 0.975)), (0.7, (1.015, 1.015, 1.015))]), 'MULTIPLY')
    if photo:
        # fine paint grain (orange peel, roller stipple): detail a photo resolves at 100 %, instead of
        # blotches a metre across
        grain = noise(nt, c, 55.0, 3, 0.6)
        tone = mix_rgb(nt, 1.0, tone, ramp(nt, grain, [(0.3, (0.965, 0.965, 0.965)), (0.7, (1.03, 1.03, 1.03))]), 'MULTIPLY')
    fcol = mix_rgb(nt, 1.0, floor_col, tone, 'MULTIPLY')
    dirt = None
    if disc:
        r = _xy_dist(nt, c, 0.0, 0.0)
        inside = ramp(nt, math_node(nt, 'DIVIDE', r, disc), [(0.996, (1, 1, 1)), (1.0, (0, 0, 0))])
        dcol = mix_rgb(nt, 1.0, fcol, (0.84, 0.85, 0.87), 'MULTIPLY')
        fcol = mix_rgb(nt, math_node(nt, 'MULTIPLY', inside, flat), fcol, dcol)
        # the seam: a soft band of grime a few cm wide, itself uneven
        seam_t = math_node(nt, 'DIVIDE', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', r, disc)), 0.05)
        seam = ramp(nt, seam_t, [(0.1, (1, 1, 1)), (1.0, (0, 0, 0))])
        seam = math_node(nt, 'MULTIPLY', seam, ramp(nt, noise(nt, c, 3.0, 3, 0.5), [(0.25, (0.35, 0.35, 0.35)), (0.7, (0.8, 0.8, 0.8))]))
        dirt = math_node(nt, 'MULTIPLY', seam, 0.55)
    # Tyre arcs and scuffs (dark rubber), dust (light, rough).
    wob = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.8, 2, 0.5), 0.5), 0.25)
    marks = _tyre_arcs(nt, c, arcs, wob) if arcs else None
    sc_n = noise(nt, _stretch(nt, c, 1.0, 3.0, 1.0, 37.0), 7.0, 4, 0.6, distortion=1.4)
    # (photo: softer-edged, so the denoiser leaves no light rims round them)
    scuff = ramp(nt, sc_n, [(0.6, (0, 0, 0)), (0.76, (0.8, 0.8, 0.8))] if photo else [(0.62, (0, 0, 0)), (0.7, (1, 1, 1))])
    scuff_mask = ramp(nt, noise(nt, c, 0.7, 4, 0.5), [(0.5, (0, 0, 0)), (0.65, (1, 1, 1))])
    sc_m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', scuff, scuff_mask), scuffs * wear)
    marks = sc_m if marks is None else math_node(nt, 'ADD', marks, sc_m)
    if dirt is not None:
        marks = math_node(nt, 'ADD', marks, dirt)
    marks = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', marks, wear), flat, clamp=True)
    fcol = mix_rgb(nt, marks, fcol, mix_rgb(nt, 1.0, floor_col, (0.45, 0.44, 0.43), 'MULTIPLY'))
    # Dust: a fine light speckle in drifts, heavier towards the foot of the cove.
    ymap = nt.nodes.new('ShaderNodeMapRange')
    link(nt, sep.outputs['Y'], ymap.inputs['Value'])
    ymap.inputs['From Min'].default_value = -4.0
    ymap.inputs['From Max'].default_value = 9.5
    foot = ramp(nt, ymap.outputs[0], [(0.0, (0.3, 0.3, 0.3)), (1.0, (1, 1, 1))])
    drifts = ramp(nt, noise(nt, c, 0.9, 4, 0.55), [(0.4, (0, 0, 0)), (0.85, (1, 1, 1))])
    speck = ramp(nt, noise(nt, c, 60.0, 2, 0.5), [(0.45, (0, 0, 0)), (0.75, (1, 1, 1))])
    dust_m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', drifts, foot), math_node(nt, 'ADD', 0.5, speck))
    dust = math_node(nt, 'MULTIPLY', dust_m, dust * wear)
    fcol = mix_rgb(nt, dust, fcol, (0.62, 0.6, 0.57))
    # Grime band at the cove's foot (shoe and tyre marks where things were pushed against the sweep).
    foot_band = ramp(nt, z, [(0.0, (0, 0, 0)), (0.06, (1, 1, 1)), (0.4, (0, 0, 0))])
    grime = math_node(nt, 'MULTIPLY', foot_band, ramp(nt, noise(nt, _stretch(nt, c, 0.3, 1.0, 1.0), 2.0, 5, 0.6), [(0.4, (0, 0, 0)), (0.75, (1, 1, 1))]))
    fcol = mix_rgb(nt, math_node(nt, 'MULTIPLY', grime, 0.25 * wear), fcol, mix_rgb(nt, 1.0, floor_col, (0.6, 0.59, 0.57), 'MULTIPLY'))
    # Wall: the same paint, cleaner, with faint roller laps and touch-up patches.
    roller = noise(nt, _stretch(nt, c, 1.0, 1.0, 0.1), 1.5, 3, 0.5)
    wcol = mix_rgb(nt, 1.0, wall_col, ramp(nt, roller, [(0.3, (0.975, 0.975, 0.975)), (0.7, (1.012, 1.012, 1.012))]), 'MULTIPLY')
    wcol = mix_rgb(nt, 1.0, wcol, ramp(nt, noise(nt, c, 0.35, 3, 0.5), [(0.3, (PH['wall'][0],) * 3), (0.7, (PH['wall'][1],) * 3)]), 'MULTIPLY')
    if photo:
        # the wall's paint: a fine stipple from the roller, not clouds
        wcol = mix_rgb(nt, 1.0, wcol, ramp(nt, noise(nt, c, 40.0, 3, 0.6), [(0.3, (0.982, 0.982, 0.982)), (0.7, (1.015, 1.015, 1.015))]), 'MULTIPLY')
    col = mix_rgb(nt, on_floor, wcol, fcol)
    # Satin floor: roughness varies (worn lanes smoother, dust and dull patches rougher); the wall matt.
    rv = noise(nt, c, 0.5, 4, 0.55)
    rv = ramp(nt, rv, [(0.3, (0, 0, 0)), (0.7, (1, 1, 1))])
    rgh = math_node(nt, 'ADD', rough - rough_var / 2, math_node(nt, 'MULTIPLY', rv, rough_var))
    rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', dust, 1.2))
    rgh = mix_rgb(nt, on_floor, (rough_wall,) * 3, rgh)
    und = noise(nt, c, 0.6, 3, 0.5)
    nrm = bump(nt, und, PH['und'], 0.03)
    nrm = bump(nt, noise(nt, c, 120, 2, 0.5), 0.015, 0.002, normal=nrm)
    spec = mix_rgb(nt, on_floor, (0.3, 0.3, 0.3), (0.32, 0.32, 0.32))
    p = principled(nt, out, col, rgh, 0.5, 0.0, nrm)
    sepc = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, spec, sepc.inputs[0])
    link(nt, sepc.outputs[0], p.inputs['Specular'])
    meta['floor'] = {'gloss': round(max(0.05, 0.55 - rough), 2), 'roughness': rough, 'kind': 'studio-paint'}
    return m


def softbox_stand(x, y, height, w, h, target, power, color=(1, 1, 1), face_mat=None):
    """A rectangular softbox on a stand (black fabric back, white diffuser towards the car, a pole and three
    legs), lit by an area lamp at its face (`face_mat`: the diffuser's material, a flat emitter if none)."""
    fabric = simple_mat('softbox-fabric', (0.02, 0.02, 0.022), 0.75, grain=0.08, grain_scale=40)
    metal = simple_mat('stand-metal', (0.05, 0.05, 0.05), 0.35, metallic=0.8)
    d = Vector((target[0] - x, target[1] - y, 0)).normalized()
    ang = math.atan2(-d.x, d.y)
    depth = 0.35
    b = box((w, depth, h), (x, y, height), fabric, bevel=0.04, rot=(0, 0, ang))
    face = plane(w * 0.96, h * 0.96, (x + d.x * (depth / 2 + 0.005), y + d.y * (depth / 2 + 0.005), height),
                 face_mat or emission_mat('diffuser', color, 2.0), rot=(math.pi / 2, 0, ang))
    camera_only(face)
    cylinder(0.018, height - h / 2 + 0.05, (x, y, (height - h / 2) / 2), metal, verts=12)
    for k in range(3):
        a = ang + k * 2 * math.pi / 3 + 0.4
        top = Vector((x, y, 0.5))
        foot = Vector((x + math.cos(a) * 0.45, y + math.sin(a) * 0.45, 0.0))
        v = foot - top
        leg = cylinder(0.011, v.length, tuple((top + foot) / 2), metal, verts=8)
        leg.rotation_euler = v.to_track_quat('Z', 'Y').to_euler()
    area_light((x + d.x * (depth / 2 + 0.02), y + d.y * (depth / 2 + 0.02), height), w, power, color, size_y=h,
               target=(target[0], target[1], height - 0.3))
    return b


def diffuser_mat(name, strength, fall=0.55):
    """The front of a softbox or light bank: brightest in its middle, falling off towards the frame (a
    photographed diffuser is never a flat white card), with a faint fabric mottle."""
    m, nt, out = new_mat(name)
    g = coord(nt, 'Generated')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, g, sep.inputs[0])
    ex = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['X'], 0.5))
    ey = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['Y'], 0.5))
    e = math_node(nt, 'MAXIMUM', ex, ey)
    s = ramp(nt, e, [(0.0, (1, 1, 1)), (0.5, (fall, fall, fall))])
    s = mix_rgb(nt, 1.0, s, ramp(nt, noise(nt, g, 40.0, 3, 0.5), [(0.3, (0.96, 0.96, 0.96)), (0.7, (1, 1, 1))]), 'MULTIPLY')
    emit(nt, out, s, strength)
    return m


def light_bank(y, z, length, depth, power, face_gain=0.6):
    """A long light bank hung over the cove (session 8, modern studio): a black box on wires whose diffused
    underside the camera sees at the top of the frame, lighting the wall and the cove's foot below it (so
    the wall's light falls off downwards and to the sides), and reflected in the satin floor."""
    housing = simple_mat('bank-housing', (0.025, 0.025, 0.027), 0.6, grain=0.1, grain_scale=20)
    box((length, depth, 0.32), (0, y, z + 0.16), housing, bevel=0.02)
    face = plane(length * 0.97, depth * 0.9, (0, y, z - 0.005),
                 no_light_sampling(diffuser_mat('bank-diffuser', power / (math.pi * length * depth) * face_gain)),
                 rot=(math.pi, 0, 0))
    camera_only(face)
    wire = simple_mat('wire', (0.05, 0.05, 0.05), 0.4, metallic=0.8)
    for x in (-length * 0.4, 0.0, length * 0.4):
        cylinder(0.006, 6.0, (x, y, z + 0.32 + 3.0), wire, verts=6)
    area_light((0, y, z - 0.02), length, power, size_y=depth, target=(0, y + 3.0, 1.0))


# ---------------------------------------------------------------- session 12: studios as photographs

def s12a_dashes(nt, c, scale, rot, thr, stretch=6.0):
    """Short soft dashes (rubber scuffs, heel marks): noise stretched along one direction, only its
    highest crests kept. 0..1."""
    n = noise(nt, _stretch(nt, c, 1.0, stretch, 1.0, rot), scale, 3, 0.5, distortion=0.6)
    return ramp(nt, n, [(thr, (0, 0, 0)), (thr + 0.07, (1, 1, 1))])


def studio_marks_and_dust(nt, c, x, y, fcol, floor_col, marks, flat, wear, dust, cove, drift, speck, colour):
    """A studio floor's rubber marks (`marks` x `wear`, kept to the flat floor, in the floor's colour
    darkened to 0.42) and its dust (`dust` x `wear`): drifts of a light haze, heavier towards the cove (y from cove[0] to
    10.5 m) and the untrodden sides (|x| / cove[1], weight cove[2]; cove[3] everywhere), times
    (speck[4] + specks). drift = (noise scale, detail, ramp start); speck = (scale, detail, ramp from, to,
    floor). Returns the floor colour, the marks and the dust mask. Shared by the session-12 cove floor and
    session 13's (s13F_floor)."""
    marks = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', marks, wear), flat, clamp=True)
    rubber = mix_rgb(nt, 1.0, floor_col, (0.42, 0.41, 0.4), 'MULTIPLY')
    fcol = mix_rgb(nt, marks, fcol, rubber)
    ymap = nt.nodes.new('ShaderNodeMapRange')
    link(nt, y, ymap.inputs['Value'])
    ymap.inputs['From Min'].default_value = cove[0]
    ymap.inputs['From Max'].default_value = 10.5
    xs = math_node(nt, 'DIVIDE', math_node(nt, 'ABSOLUTE', x), cove[1])
    where = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', ymap.outputs[0], 0.8), math_node(nt, 'MULTIPLY', xs, cove[2]))
    where = math_node(nt, 'ADD', where, cove[3], clamp=True)
    drifts = ramp(nt, noise(nt, c, drift[0], drift[1], 0.55), [(drift[2], (0, 0, 0)), (0.8, (1, 1, 1))])
    sp = ramp(nt, noise(nt, c, speck[0], speck[1], 0.5), [(speck[2], (0, 0, 0)), (speck[3], (1, 1, 1))])
    dust_m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', drifts, where), math_node(nt, 'ADD', speck[4], sp))
    dust_m = math_node(nt, 'MULTIPLY', dust_m, dust * wear, clamp=True)
    return mix_rgb(nt, dust_m, fcol, colour), marks, dust_m


def s12a_cyc_mat(name, floor_col, wall_col, rough, wear=1.0, seed=0.0, tracks=(), dust=0.1, s13f=None):
    """Session 12 (studio white, grey, modern): a painted cyclorama as a camera sees it at 100 %.
    The floor paint meets the wall paint at the foot of the cove (a soft change over 20-30 cm, not a
    jittered haze climbing the curve). The floor carries: a fine paint grain (orange peel and roller
    stipple, +-2-3 %), roller laps a roller wide, a few repainted patches (a shade fresher and a touch
    glossier, their edges soft but present), faint tyre tracks as long gentle curves across the frame
    (radii of 15-30 m: cars driven in from the side door, no loops), short rubber scuffs and heel marks at
    random angles, dust that gathers at the cove's foot and in the untrodden sides, and grime and shoe
    scuffs at the cove's foot. The tone drift over metres is kept under +-2 %, so the light's falloff, not
    the paint, makes the large-scale gradient. The wall is the same paint, cleaner.
    `s13f` (session 13, studio grey and white): the floor from s13F_floor instead (no stretched textures,
    marks at their real scale); None keeps the session-12 floor exactly. `s13f['s16']` (session 16/17:
    grey, white, modern) the used booth's wear; `s13f['band']` (session 17: grey) a knee band of the floor's
    paint up the wall to that height."""
    m, nt, out = new_mat(name)
    c0 = coord(nt)
    # a per-scene offset so the three studios do not share one pattern
    c = shifted(nt, c0, (seed * 13.1, seed * 7.7, 0.0))
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c0, sep.inputs[0])
    z = sep.outputs['Z']
    x = sep.outputs['X']
    y = sep.outputs['Y']
    # floor paint to wall paint at the cove's foot, a fine ragged edge (paint cut in by hand)
    zj = math_node(nt, 'ADD', z, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 6.0, 3, 0.5), 0.5), 0.05))
    W = (s13f or {}).get('s16')
    # session 16: the floor paint taken up the cove to a cut-in line at W['cut'] m, so the floor meets
    # the wall in a visible edge ("the turntable's edge fades into a gradient with no walls")
    cut = (0.04, 0.3) if W is None else (W['cut'] - 0.015, W['cut'] + 0.015)
    on_floor = ramp(nt, zj, [(cut[0], (1, 1, 1)), (cut[1], (0, 0, 0))])
    flat = ramp(nt, z, [(0.0, (1, 1, 1)), (0.05, (0, 0, 0))])
    if s13f is not None:
        fcol, patch, marks, dust_m = s13F_floor(nt, c, c0, y, x, floor_col, seed, tracks, dust, wear, flat, s13f)
        if W is not None:
            fcol, marks16, polish = s16S_floor_wear(nt, c, c0, x, y, fcol, floor_col, flat, W, seed)
        W19 = s13f.get('s19')
        if W19 is not None:
            # session 19: drips and scuffs on the floor within `reach` of the turntable's slot (cars wait
            # there to be driven on), and the slot's dirt against it
            dist = _xy_dist(nt, c0, 0.0, W19['cy'])
            near = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, math_node(nt, 'SUBTRACT', dist, W19['ro']),
                                                              0.5 * W19['reach'], W19['reach']))
            fcol, m19 = s19S_stains(nt, c, floor_col, fcol, math_node(nt, 'MULTIPLY', near, flat), W19, seed + 0.5)
            fcol = s19S_slot_grime(nt, c, dist, W19['ro'], fcol, floor_col, math_node(nt, 'MULTIPLY', flat, W19['rim']), False)
            marks16 = math_node(nt, 'MAXIMUM', marks16, m19)
    else:
        # tone: a faint drift, roller laps (long in y, a roller wide), paint grain at two scales
        tone = ramp(nt, noise(nt, c, 0.15, 2, 0.5), [(0.3, (0.985,) * 3), (0.7, (1.012,) * 3)])
        laps = noise(nt, _stretch(nt, c, 2.2, 0.25, 1.0, 4.0), 1.0, 3, 0.5)
        tone = mix_rgb(nt, 1.0, tone, ramp(nt, laps, [(0.35, (0.985,) * 3), (0.65, (1.01,) * 3)]), 'MULTIPLY')
        # (stretched along y by the grazing view's foreshortening, so on screen the grain is about round)
        g1 = noise(nt, _stretch(nt, c, 1.0, 0.2, 1.0), 40.0, 3, 0.6)
        tone = mix_rgb(nt, 1.0, tone, ramp(nt, g1, [(0.32, (0.94,) * 3), (0.68, (1.05,) * 3)]), 'MULTIPLY')
        g2 = noise(nt, _stretch(nt, c, 1.0, 0.25, 1.0), 140.0, 2, 0.5)
        tone = mix_rgb(nt, 1.0, tone, ramp(nt, g2, [(0.32, (0.97,) * 3), (0.68, (1.03,) * 3)]), 'MULTIPLY')
        mott = noise(nt, _stretch(nt, c, 1.0, 0.3, 1.0), 4.0, 4, 0.6)
        tone = mix_rgb(nt, 1.0, tone, ramp(nt, mott, [(0.3, (0.975,) * 3), (0.7, (1.02,) * 3)]), 'MULTIPLY')
        # repainted patches: elongated along the roller's travel, fresher and lighter, soft-edged
        pn = noise(nt, _stretch(nt, c, 0.6, 1.4, 1.0, 8.0), 0.45, 2, 0.5, distortion=0.3)
        patch = ramp(nt, pn, [(0.57, (0, 0, 0)), (0.59, (1, 1, 1))])
        patch = math_node(nt, 'MULTIPLY', patch, flat)
        tone = mix_rgb(nt, patch, tone, mix_rgb(nt, 1.0, tone, (1.05, 1.05, 1.05), 'MULTIPLY'))
        fcol = mix_rgb(nt, 1.0, floor_col, tone, 'MULTIPLY')
        # marks: tyre tracks (long gentle arcs), rubber scuffs and heel marks, darker
        wob = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.5, 2, 0.5), 0.5), 0.2)
        marks = _tyre_arcs(nt, c0, tracks, wob) if tracks else None
        sc_m = None
        for i, (s, rot, thr) in enumerate(((3.0, 12.0, 0.61), (4.5, -25.0, 0.62), (8.0, 70.0, 0.63))):
            d = s12a_dashes(nt, c, s, rot + seed * 11, thr)
            sc_m = d if sc_m is None else math_node(nt, 'ADD', sc_m, d)
        sc_mask = ramp(nt, noise(nt, c, 0.35, 3, 0.5), [(0.42, (0, 0, 0)), (0.62, (1, 1, 1))])
        sc_m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', sc_m, sc_mask), 0.7)
        marks = sc_m if marks is None else math_node(nt, 'ADD', marks, sc_m)
        # dust: fine light speckle in drifts, heavier at the cove's foot and at the untrodden sides
        fcol, marks, dust_m = studio_marks_and_dust(nt, c, x, y, fcol, floor_col, marks, flat, wear, dust,
                                                    cove=(3.0, 8.0, 0.5, 0.15), drift=(1.1, 4, 0.35),
                                                    speck=(90.0, 2, 0.5, 0.72, 0.35), colour=(0.66, 0.64, 0.6))
    # grime and shoe scuffs at the cove's foot (things pushed against the sweep, people stepping on it)
    foot = ramp(nt, z, [(0.0, (0.3, 0.3, 0.3)), (0.06, (1, 1, 1)), (0.45, (0, 0, 0))])
    heel = s12a_dashes(nt, c, 7.0, 90.0, 0.69, stretch=4.0)
    grime = math_node(nt, 'MULTIPLY', foot, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY',
                      ramp(nt, noise(nt, _stretch(nt, c, 0.4, 1.0, 1.0), 2.0, 4, 0.6), [(0.4, (0, 0, 0)), (0.75, (1, 1, 1))]), 0.35), heel))
    # wall: the same paint, cleaner: a roller stipple, faint touch-ups, a slightly warm dirt at its foot
    wcol = mix_rgb(nt, 1.0, wall_col, ramp(nt, noise(nt, c, 38.0, 3, 0.6), [(0.3, (0.985,) * 3), (0.7, (1.012,) * 3)]), 'MULTIPLY')
    wcol = mix_rgb(nt, 1.0, wcol, ramp(nt, noise(nt, c, 0.5, 2, 0.5), [(0.3, (0.993,) * 3), (0.7, (1.005,) * 3)]), 'MULTIPLY')
    if s13f is not None:
        wcol = s13F_wall(nt, c, wcol, seed)
        if W is not None:
            wcol = s16S_wall(nt, c, wcol, seed)
    band = (s13f or {}).get('band')
    if band is not None:
        # session 17 (studio grey): the booth's knee band, as in the Carvana booths: the floor's paint taken
        # up the cove and the wall to a taped line at `band` m (a crisp edge, wavering a millimetre or two),
        # the wall's lighter paint above. Matt like the wall; only the colour changes, so the cove's shading
        # and the cut-in line at the cove's foot still read through it.
        zb = math_node(nt, 'ADD', z, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 3.0, 2, 0.5), 0.5), 0.004))
        # (a colour ramp's stops lie in 0..1: the height is taken relative to the line, about 0.5)
        on_band = ramp(nt, math_node(nt, 'SUBTRACT', zb, band - 0.5), [(0.498, (1, 1, 1)), (0.502, (0, 0, 0))])
        tint = tuple(min(1.0, f / w * 1.04) for f, w in zip(floor_col, wall_col))
        wcol = mix_rgb(nt, on_band, wcol, mix_rgb(nt, 1.0, wcol, tint, 'MULTIPLY'))
    col = mix_rgb(nt, on_floor, wcol, fcol)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', grime, 0.3 * wear, clamp=True), col,
                  mix_rgb(nt, 1.0, floor_col, (0.62, 0.6, 0.58), 'MULTIPLY'))
    # satin floor: fresh patches glossier, dust duller, a slow variation; the wall matt
    rv = ramp(nt, noise(nt, c, 0.4, 3, 0.5), [(0.3, (0, 0, 0)), (0.7, (1, 1, 1))])
    rvar = 0.08 if s13f is None else s13f.get('rough_var', 0.05)
    rgh = math_node(nt, 'ADD', rough - rvar / 2, math_node(nt, 'MULTIPLY', rv, rvar))
    rgh = math_node(nt, 'SUBTRACT', rgh, math_node(nt, 'MULTIPLY', patch, 0.05))
    rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', dust_m, 1.5))
    rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', marks, 0.15))
    if W is not None:
        # session 16: the gloss follows the wear: wheel paths buffed, scratches and rubber dull
        rgh = math_node(nt, 'SUBTRACT', rgh, math_node(nt, 'MULTIPLY', polish, W.get('polish', 0.08)))
        rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', marks16, 0.12))
    rgh = mix_rgb(nt, on_floor, (0.85, 0.85, 0.85), rgh)
    if s13f is None:
        nrm = bump(nt, noise(nt, c, 0.6, 3, 0.5), 0.012, 0.03)
        nrm = bump(nt, g1, 0.02, 0.002, normal=nrm)
    else:
        # session 13: only a slow, faint undulation of the slab under the paint (the fine grain's bump
        # turned the wall's grazing reflection into brushed-metal streaks)
        nrm = bump(nt, noise(nt, c, 0.35, 2, 0.5), s13f.get('und', 0.005), 0.03)
    p = principled(nt, out, col, rgh, 0.5, 0.0, nrm)
    p.inputs['Specular'].default_value = 0.32
    meta['floor'] = {'gloss': round(max(0.05, 0.55 - rough), 2), 'roughness': rough, 'kind': 'studio-paint'}
    return m


def s12a_post(grain=0.2, vignette=0.14, dispersion=0.0025):
    """Session 12 studios: what a camera adds. A second, wider vignette (a 50 mm lens's natural
    fall-off at f/5.6 on top of the light's), a trace of lateral colour at the frame's edges, sensor
    grain in linear light (s11b_photo_post) and dither, so the smooth gradients do not band in 8 bits."""
    nt = sc.node_tree
    comp = next(n for n in nt.nodes if n.type == 'COMPOSITE')
    img = comp.inputs['Image'].links[0].from_socket
    if dispersion > 0:
        ld = nt.nodes.new('CompositorNodeLensdist')
        ld.use_fit = False
        ld.use_jitter = False
        ld.inputs['Distort'].default_value = 0.0
        ld.inputs['Dispersion'].default_value = dispersion
        link(nt, img, ld.inputs['Image'])
        img = ld.outputs[0]
    lens_vignette(nt, img, comp.inputs['Image'], (1.25, 1.3), 45, vignette)
    s11b_photo_post(grain=grain, floor=0.0015)
    sc.render.dither_intensity = 1.5


def s13F_mul(nt, a, fac, lo, hi, p0=0.3, p1=0.7):
    """`a` multiplied by a tone ramped from `fac` (lo at p0, hi at p1): the paint's variation at one scale."""
    return mix_rgb(nt, 1.0, a, ramp(nt, fac, [(p0, (lo,) * 3), (p1, (hi,) * 3)]), 'MULTIPLY')


def s13F_wall(nt, c, wcol, seed):
    """Session 13 (studio grey, white): what a raking wash shows on a rollered cyclorama wall: vertical
    roller laps about a roller wide (+-0.8 %), a few touched-up areas a metre or two across with soft but
    present edges (a shade off the old paint), and rubber and shoe scuffs low on the cove."""
    laps = noise(nt, _stretch(nt, c, 2.5, 1.0, 0.12, 3.0 + seed), 1.0, 3, 0.5)
    wcol = s13F_mul(nt, wcol, laps, 0.992, 1.008, 0.35, 0.65)
    tp = noise(nt, _stretch(nt, c, 0.8, 1.0, 0.6), 0.5, 2, 0.5, distortion=0.25)
    touch = ramp(nt, tp, [(0.64, (0, 0, 0)), (0.67, (1, 1, 1))])
    wcol = mix_rgb(nt, touch, wcol, mix_rgb(nt, 1.0, wcol, (1.018, 1.017, 1.014), 'MULTIPLY'))
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    low = ramp(nt, sep.outputs['Z'], [(0.05, (1, 1, 1)), (0.7, (0, 0, 0))])
    scuff = s12a_dashes(nt, c, 5.0, 10.0 + seed * 20, 0.7, stretch=3.0)
    scuff = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', scuff, low), 0.3)
    return mix_rgb(nt, scuff, wcol, mix_rgb(nt, 1.0, wcol, (0.55, 0.54, 0.53), 'MULTIPLY'))


def s13F_floor(nt, c, c0, y, x, floor_col, seed, tracks, dust, wear, flat, F):
    """Session 13 (studio grey, white): a painted studio floor as a camera 1.25 m up sees it. At that
    height the floor is foreshortened about 7:1, so any texture between a pixel and a few centimetres
    turns into horizontal streaks (session 12's stretched grain and dashes read as brushed metal or
    water). So: no stretched textures; the paint's variation is large and faint (+-1.5 % over metres,
    light not paint makes the gradient), its fine grain isotropic and under +-0.7 %; two repainted
    patches a shade fresher; tyre marks at their real scale (the 17 cm bands of cars driven in on long
    arcs, and a few 20-60 cm rubber scuffs where wheels were turned, in clusters, not everywhere); a few
    shoe and trolley marks; fine dust that gathers at the cove's foot and the untrodden sides; a faint
    joint across the slab behind the car (`F['seam']`, y in metres). Returns (colour, patch, marks, dust)."""
    tone = s13F_mul(nt, (1.0, 1.0, 1.0), noise(nt, c, 0.12, 2, 0.5), 0.987, 1.012)
    tone = s13F_mul(nt, tone, noise(nt, c, 0.9, 3, 0.55), 0.992, 1.007)
    tone = s13F_mul(nt, tone, noise(nt, c, 30.0, 2, 0.5), 0.994, 1.006)
    # repainted patches: a few soft-edged areas a metre or two across, a shade fresher and lighter
    pn = noise(nt, c, 0.32, 2, 0.5, distortion=0.2)
    patch = math_node(nt, 'MULTIPLY', ramp(nt, pn, [(0.62, (0, 0, 0)), (0.64, (1, 1, 1))]), flat)
    tone = mix_rgb(nt, patch, tone, mix_rgb(nt, 1.0, tone, (1.022, 1.022, 1.022), 'MULTIPLY'))
    fcol = mix_rgb(nt, 1.0, floor_col, tone, 'MULTIPLY')
    # tyre bands (long arcs across the frame behind the car), broken up along their length
    wob = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.5, 2, 0.5), 0.5), 0.2)
    marks = _tyre_arcs(nt, c0, tracks, wob) if tracks else None
    # turning scuffs: 20-60 cm rubber smears, only in a few clusters (where cars were swung round)
    turn = s12a_dashes(nt, c, 1.7, 20.0 + seed * 40, 0.64, stretch=3.0)
    turn = math_node(nt, 'ADD', turn, s12a_dashes(nt, c, 2.3, -35.0 + seed * 25, 0.65, stretch=2.5))
    cl = ramp(nt, noise(nt, c, 0.22, 2, 0.5), [(0.5, (0, 0, 0)), (0.62, (1, 1, 1))])
    sc_m = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', turn, cl), F.get('scuff', 0.45))
    # shoe and trolley marks: short and sparse, anywhere
    shoe = s12a_dashes(nt, c, 6.0, 60.0 + seed * 30, 0.73, stretch=2.0)
    shoe = math_node(nt, 'MULTIPLY', shoe, ramp(nt, noise(nt, c, 0.6, 2, 0.5), [(0.5, (0, 0, 0)), (0.62, (1, 1, 1))]))
    sc_m = math_node(nt, 'ADD', sc_m, math_node(nt, 'MULTIPLY', shoe, 0.35))
    marks = sc_m if marks is None else math_node(nt, 'ADD', marks, sc_m)
    # the slab's joint under the paint: a 2 cm line with grime in it, broken where the paint bridged it
    sy = F.get('seam')
    if sy is not None:
        jd = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', y, sy))
        joint = ramp(nt, math_node(nt, 'DIVIDE', jd, 0.012), [(0.0, (1, 1, 1)), (1.0, (0, 0, 0))])
        joint = math_node(nt, 'MULTIPLY', joint, ramp(nt, noise(nt, c, 1.5, 2, 0.5), [(0.3, (0.25,) * 3), (0.6, (0.7,) * 3)]))
        marks = math_node(nt, 'ADD', marks, joint)
    # dust: a light haze in drifts, heavier towards the cove and the sides, with sparse specks
    fcol, marks, dust_m = studio_marks_and_dust(nt, c, x, y, fcol, floor_col, marks, flat, wear, dust,
                                                cove=(2.0, 7.0, 0.6, 0.12), drift=(0.8, 3, 0.38),
                                                speck=(160.0, 1, 0.66, 0.74, 0.45), colour=(0.62, 0.6, 0.57))
    return fcol, patch, marks, dust_m


# ---------------------------------------------------------------- session 14: the studios as a photo booth

def s14S_polar(nt, c):
    """(r, theta) of object coordinates in the disc's plane: radius in metres, angle -pi..pi."""
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    r = _xy_dist(nt, c, 0.0, 0.0)
    th = math_node(nt, 'ARCTAN2', sep.outputs['Y'], sep.outputs['X'])
    return r, th, sep.outputs['X'], sep.outputs['Y']


def s14S_radial_seams(nt, r, th, n, width, phase=0.0):
    """Radial plate joints every 2 pi / n: (a 0..1 line `width` metres wide, the plate's index 0..n-1)."""
    u = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', th, n / (2 * math.pi)), phase + n)
    f = math_node(nt, 'FRACT', u)
    d = math_node(nt, 'SUBTRACT', 0.5, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', f, 0.5)))
    d = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', d, r), 2 * math.pi / n)
    line = ramp(nt, math_node(nt, 'DIVIDE', d, width), [(0.35, (1, 1, 1)), (1.0, (0, 0, 0))])
    return line, math_node(nt, 'FLOOR', u)


def s14S_ring(nt, r, r0, width):
    """A 0..1 line along the circle of radius r0, `width` metres wide."""
    d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', r, r0))
    return ramp(nt, math_node(nt, 'DIVIDE', d, width), [(0.35, (1, 1, 1)), (1.0, (0, 0, 0))])


def s14S_disc_mat(name, col, rough, R, seed=0.0, marks_amt=1.0, dust_amt=1.0, W16=None, W19=None):
    """Session 14: the top of a car photo booth's turntable, in the disc's own coordinates (object at its
    centre): painted steel plates, twelve from the hub to the rim and two access hatches (session 15; each
    plate a shade different and tilted a hair, joints a few millimetres wide with grime in them, a small
    centre cap), tyre tracks where
    cars were driven on and off (in pairs 1.6 m apart, straight across the disc in many directions, since
    the disc is turned between cars), rubber smears where wheels stood and were turned, scattered
    shoe scuffs, and dust that gathers towards the rim. Rotationally symmetric in its layout.
    `W16` (session 16): the wear a used booth's disc shows at 100 %: trodden-in grime where the wheels
    stand and roll (W16['grime']), fine scratches (W16['scratch']), grit and paint chips, the wheel zone
    buffed a little smoother; None leaves the session-15 top. `W19` (session 19, S19_BOOTH): oil drips and
    rubber scuffs where cars stand (s19S_stains) and grime along the rim's slot (s19S_slot_grime)."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    cn = shifted(nt, c, (seed * 11.3, seed * 5.9, 0.0))
    r, th, x, y = s14S_polar(nt, c)
    rn = math_node(nt, 'DIVIDE', r, R)  # colour ramps take 0..1
    # session 15: twelve plates from the hub to the rim, as the booth photos show (session 14's two rings
    # of 8 and 16 drew a second circle inside the disc), a hub cap, and two access hatches (a lid 60 x
    # 90 cm let into a plate, its own joint round it, a shade off its plate: it was lifted and put back)
    seams, pid = s14S_radial_seams(nt, r, th, 12, 0.009, 0.5)  # (phase: none points straight at the camera)
    seams = math_node(nt, 'MAXIMUM', seams, s14S_ring(nt, r, 0.42, 0.01))
    centre = ramp(nt, rn, [(0.05 / R, (0, 0, 0)), (0.06 / R, (1, 1, 1))])
    seams = math_node(nt, 'MULTIPLY', seams, centre)
    hr = random.Random(1500 + int(seed * 10))
    lids = None
    for k in range(2):
        a = hr.uniform(0, 2 * math.pi) if k == 0 else a + hr.uniform(2.0, 4.2)
        rr = hr.uniform(1.2, 2.5)
        hc = shifted(nt, c, (-rr * math.cos(a), -rr * math.sin(a), 0.0))
        hs = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, _stretch(nt, hc, 1.0, 1.0, 1.0, -math.degrees(a)), hs.inputs[0])
        du = math_node(nt, 'SUBTRACT', math_node(nt, 'ABSOLUTE', hs.outputs['X']), 0.45)
        dv = math_node(nt, 'SUBTRACT', math_node(nt, 'ABSOLUTE', hs.outputs['Y']), 0.3)
        dd = math_node(nt, 'MAXIMUM', du, dv)
        seams = math_node(nt, 'MAXIMUM', seams, ramp(nt, math_node(nt, 'DIVIDE', math_node(nt, 'ABSOLUTE', dd), 0.007),
                                                     [(0.35, (1, 1, 1)), (1.0, (0, 0, 0))]))
        lid = math_node(nt, 'LESS_THAN', dd, 0.0)
        lids = lid if lids is None else math_node(nt, 'MAXIMUM', lids, lid)
    # each plate its own shade (+-1.5 %): white noise of the plate's id
    pid = math_node(nt, 'ADD', math_node(nt, 'ADD', pid, math_node(nt, 'MULTIPLY', lids, 17.0)), seed * 100)
    hub = ramp(nt, rn, [(0.419 / R, (0, 0, 0)), (0.421 / R, (1, 1, 1))])
    pid = math_node(nt, 'MULTIPLY', pid, hub)
    wn = s11c_white(nt, pid)
    tone = s13F_mul(nt, (1.0, 1.0, 1.0), wn.outputs['Value'], 0.97, 1.03, 0.0, 1.0)
    # the paint: a faint large drift and an isotropic fine grain (no stretched textures: see s13F_floor)
    tone = s13F_mul(nt, tone, noise(nt, cn, 0.5, 3, 0.55), 0.985, 1.012)
    tone = s13F_mul(nt, tone, noise(nt, cn, 35.0, 2, 0.5), 0.992, 1.008)
    fcol = mix_rgb(nt, 1.0, col, tone, 'MULTIPLY')
    # grime in the joints, broken where it was cleaned
    sg = ramp(nt, noise(nt, cn, 2.0, 2, 0.5), [(0.3, (0.6,) * 3), (0.7, (1.0,) * 3)])
    seam_m = math_node(nt, 'MULTIPLY', seams, sg)
    fcol = mix_rgb(nt, math_node(nt, 'MULTIPLY', seam_m, 0.9), fcol, mix_rgb(nt, 1.0, col, (0.3, 0.29, 0.28), 'MULTIPLY'))
    # tyre tracks: pairs of 18-cm bands 1.6 m apart, straight across the disc at several headings (the disc
    # is turned between cars), each broken up along its length and fading towards the rim
    rnd = random.Random(1400 + int(seed * 10))
    tracks = None
    for k in range(6):
        a = rnd.uniform(0, 180)
        o = rnd.uniform(-0.9, 0.9)
        amt = rnd.uniform(0.22, 0.38)
        rc = _stretch(nt, c, 1.0, 1.0, 1.0, a)
        sp = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, rc, sp.inputs[0])
        for t in (-0.8, 0.8):
            d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sp.outputs['Y'], o + t))
            band = ramp(nt, math_node(nt, 'DIVIDE', d, 0.1), [(0.55, (1, 1, 1)), (1.0, (0, 0, 0))])
            brk = ramp(nt, noise(nt, _stretch(nt, rc, 0.5, 3.0, 1.0), 1.1 + 0.2 * k, 3, 0.55),
                       [(0.52, (0, 0, 0)), (0.68, (1, 1, 1))])
            bm = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', band, brk), amt)
            tracks = bm if tracks is None else math_node(nt, 'ADD', tracks, bm)
    # where the wheels stand (0.9-2.7 m from the centre): rubber smears, heavier
    wheels = ramp(nt, rn, [(0.55 / R, (0, 0, 0)), (1.0 / R, (1, 1, 1)), (2.5 / R, (1, 1, 1)), (3.0 / R, (0.25,) * 3)])
    smear = s12a_dashes(nt, cn, 1.6, 30.0 + seed * 20, 0.62, stretch=2.5)
    smear = math_node(nt, 'ADD', smear, s12a_dashes(nt, cn, 2.6, -50.0 + seed * 30, 0.64, stretch=2.0))
    smear = math_node(nt, 'MULTIPLY', smear, ramp(nt, noise(nt, cn, 0.5, 2, 0.5), [(0.4, (0.2,) * 3), (0.6, (1,) * 3)]))
    marks = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tracks, wheels), math_node(nt, 'MULTIPLY', smear, math_node(nt, 'MULTIPLY', wheels, 0.55)))
    shoe = s12a_dashes(nt, cn, 6.0, 70.0 + seed * 30, 0.72, stretch=2.0)
    shoe = math_node(nt, 'MULTIPLY', shoe, ramp(nt, noise(nt, cn, 0.7, 2, 0.5), [(0.5, (0, 0, 0)), (0.62, (1, 1, 1))]))
    marks = math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', marks, math_node(nt, 'MULTIPLY', shoe, 0.3)), marks_amt, clamp=True)
    rubber = mix_rgb(nt, 1.0, col, (0.38, 0.37, 0.36), 'MULTIPLY')
    fcol = mix_rgb(nt, marks, fcol, rubber)
    # dust: towards the rim (nobody walks there), in drifts, with sparse specks; lighter and duller
    rim = ramp(nt, rn, [(1 - 0.9 / R, (0, 0, 0)), (1 - 0.08 / R, (1, 1, 1))])
    drifts = ramp(nt, noise(nt, cn, 1.2, 3, 0.55), [(0.3, (0.3,) * 3), (0.75, (1, 1, 1))])
    speck = ramp(nt, noise(nt, cn, 150.0, 1, 0.5), [(0.66, (0, 0, 0)), (0.74, (1, 1, 1))])
    dust = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', rim, drifts), math_node(nt, 'ADD', 0.5, speck))
    dust = math_node(nt, 'MULTIPLY', dust, 0.16 * dust_amt, clamp=True)
    fcol = mix_rgb(nt, dust, fcol, (0.66, 0.64, 0.61))
    if W16 is not None:
        # session 16: grime trodden in where wheels stand and roll on, brownish and mottled (the Carvana
        # discs are visibly dirtier in that ring than at the hub and the rim), scratches, grit and chips
        # (patchy at two scales: a clean ring would read as a second drawn circle)
        gm = ramp(nt, noise(nt, cn, 1.4, 4, 0.62), [(0.3, (0.2,) * 3), (0.72, (1,) * 3)])
        gm = math_node(nt, 'MULTIPLY', gm, ramp(nt, noise(nt, cn, 0.45, 2, 0.5), [(0.35, (0.1,) * 3), (0.6, (1,) * 3)]))
        gz = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', wheels, gm), W16['grime'], clamp=True)
        fcol = mix_rgb(nt, gz, fcol, mix_rgb(nt, 1.0, col, (0.78, 0.74, 0.68), 'MULTIPLY'))
        scr = math_node(nt, 'MULTIPLY', s16S_scratches(nt, cn, seed + 0.5), W16['scratch'])
        dots, dk = s16S_specks(nt, cn, 30.0, 0.08, 0.003, seed)
        w16 = math_node(nt, 'ADD', scr, math_node(nt, 'MULTIPLY', dots, math_node(nt, 'LESS_THAN', dk, 0.6)), clamp=True)
        fcol = mix_rgb(nt, w16, fcol, rubber)
        chip = math_node(nt, 'MULTIPLY', dots, math_node(nt, 'GREATER_THAN', dk, 0.6))
        fcol = mix_rgb(nt, chip, fcol, mix_rgb(nt, 1.0, col, (1.25, 1.24, 1.22), 'MULTIPLY'))
    if W19 is not None:
        # session 19: where cars stand (from near the hub to just inside the rim), and the slot's dirt on the
        # plates' outer edge (the steel rim band, `rim` 3.5 cm, lies between them and the slot)
        stand = ramp(nt, rn, [(0.12, (0, 0, 0)), (0.3, (1, 1, 1)), (0.85, (1, 1, 1)), (0.97, (0.3,) * 3)])
        fcol, m19 = s19S_stains(nt, cn, col, fcol, stand, W19, seed)
        fcol = s19S_slot_grime(nt, cn, r, R - 0.037, fcol, col, W19['rim'], inside=True)
    # satin paint: the wheel paths a touch polished, dust and joints duller
    # (session 15: glossier and unevenly so, +-0.07 over a metre or so where it was mopped and where not,
    # so the wall's light lies on it in broad uneven sheens, as in the booth photos; specular 0.5, paint)
    rgh = math_node(nt, 'ADD', rough - 0.07, math_node(nt, 'MULTIPLY', noise(nt, cn, 0.45, 3, 0.55), 0.14))
    rgh = math_node(nt, 'SUBTRACT', rgh, math_node(nt, 'MULTIPLY', tracks, 0.1))
    rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', dust, seam_m), 1.2))
    if W16 is not None:
        rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'SUBTRACT', math_node(nt, 'MULTIPLY', w16, 0.12),
                                                  math_node(nt, 'MULTIPLY', wheels, 0.04)))
    if W19 is not None:
        rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', m19, 0.08))
    # the joints are slight grooves; the plates lie very slightly out of level with each other (each
    # plate tilted a hair: a plane over it from its white noise, so the sheen steps at the joints)
    wc = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, wn.outputs['Color'], wc.inputs[0])
    tilt = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', wc.outputs['R'], 0.5), x),
                     math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', wc.outputs['G'], 0.5), y))
    nrm = bump(nt, math_node(nt, 'MULTIPLY', seams, -1.0), 0.25, 0.002)
    nrm = bump(nt, math_node(nt, 'ADD', noise(nt, cn, 0.4, 2, 0.5), tilt), 0.006, 0.03, normal=nrm)
    p = principled(nt, out, fcol, rgh, 0.5, 0.0, nrm)
    meta['floor'] = {'gloss': round(max(0.05, 0.55 - rough), 2), 'roughness': rough, 'kind': 'studio-paint'}
    return m


def s14S_booth(kind, P, S12, S14, floor_obj):
    """Session 14 (studio white, grey): a car photo booth. A turntable disc round where the car stands
    (S14: centre y, radius, height, top and trim colours, roughness), and the light of a booth: one large
    overhead diffuser over the disc (the key: soft, so the car's contact shadow is faint but the floor is
    lit, not a void) and a wash over the cove narrower than the frame, so the wall is brightest behind the
    car and the cove's foot shades itself. Two lamps only (Cycles 3.4 samples one lamp per sample, uniformly;
    every extra lamp is noise for our denoiser), the dim world not sampled. (Session 15: the wash is two
    unequal lamps aimed low, and the disc is set flush into `floor_obj`, see s15S_turntable.)"""
    k = P['key']
    area_light((0, S14['cy'] - 0.3, 5.8), S14['scrim'][0], k * S14['scrim'][2], size_y=S14['scrim'][1])
    sc.world.cycles.sampling_method = 'NONE'
    # session 15: the wash as two softboxes of unequal size and power, off centre (one lamp gave "a
    # computer-made gradient", symmetric and smooth): their pools overlap unevenly on the wall
    w, pw = S12.get('wash_w', 6.0), k * S12['wash'] * 6.0
    # aimed low, so the wall is bright down to its junction with the floor, whose gloss mirrors it
    area_light((-2.4, 6.5, 6.6), w, pw * 0.9, size_y=1.4, target=(-1.8, 12.5, 2.2))
    area_light((3.1, 6.0, 7.1), w * 0.8, pw * 0.7, size_y=1.8, target=(3.4, 12.5, 2.9))
    s14S_disc(kind, S14, floor_obj)


def s14S_disc(kind, S14, floor_obj):
    """The booth's turntable from the `s14` parameters of a studio2 kind (see s14S_booth); session 15: set
    flush into the floor `floor_obj` (s15S_turntable)."""
    top = s14S_disc_mat('s14S-disc-' + kind, S14['disc'], S14['rough'], S14['r'], S14['seed'],
                        S14.get('marks', 1.0), S14.get('dust', 1.0), S14.get('s16'), S14.get('s19'))
    rim = s15S_rim_mat('s15S-rim-' + kind, S14['trim'], S14['s19']['rim'] if 's19' in S14 else 0.0)
    s15S_turntable(S14['cy'], S14['r'], top, rim,
                   s15S_pit_mat('s15S-pit-' + kind), floor_obj)


# ---------------------------------------------------------------- session 15: the booth as photographed

def s15S_turntable(cy, R, top_mat, rim_mat, pit_mat, floor_obj, gap=0.006, depth=0.018, rim=0.035, proud=0.002,
                   seg=768):
    """Session 15: the turntable set flush into the floor, as a photo booth's is (session 14's disc stood
    3 cm proud with a sloped trim whose lit band read as "a drawn ring"). The plates' top lies `proud`
    above the floor; a steel rim band `rim` wide runs round their edge, its outer corner rounded (it
    catches the overhead light as a hair of highlight); then the disc's side drops `depth` into a ring gap
    `gap` wide. The floor is cut round the disc by a boolean, so the gap is a real slot: only the light
    that falls into it reaches its walls and the grime at its bottom, and the camera, looking down into it
    at ~10 degrees, sees a thin dark line that is darkest in front (where it looks straight into the slot)
    and thins out at the sides, as in the booth photos. Object at (0, cy, 0): its coordinates are the
    disc's own."""
    import bmesh
    me = bpy.data.meshes.new('s15S-turntable')
    bm = bmesh.new()
    ro = R + gap
    # (radius, z, material of the band from the previous ring to this one): 0 plates, 1 steel, 2 pit
    prof = [(R - rim - 0.002, proud, 0), (R - rim, proud, 1), (R - 0.003, proud, 1),
            (R - 0.0009, proud - 0.0009, 1), (R, proud - 0.003, 1), (R, -depth, 1),
            (ro, -depth, 2), (ro, -0.0015, 1), (ro + 0.0015, 0.0, 1), (ro + 0.012, 0.0, 1)]
    centre = bm.verts.new((0.0, 0.0, proud))
    rings = [[bm.verts.new((pr * math.cos(2 * math.pi * k / seg), pr * math.sin(2 * math.pi * k / seg), pz))
              for k in range(seg)] for pr, pz, _ in prof]
    for k in range(seg):
        k1 = (k + 1) % seg
        bm.faces.new((centre, rings[0][k], rings[0][k1])).material_index = 0
        for i in range(len(prof) - 1):
            f = bm.faces.new((rings[i][k], rings[i + 1][k], rings[i + 1][k1], rings[i][k1]))
            f.material_index = prof[i + 1][2]
    bm.normal_update()
    bm.to_mesh(me)
    bm.free()
    for p in me.polygons:
        # the plates and the slot's flat bottom flat-shaded, the rounded corner and walls smooth
        p.use_smooth = p.material_index == 1
    for m in (top_mat, rim_mat, pit_mat):
        me.materials.append(m)
    o = bpy.data.objects.new('s15S-turntable', me)
    sc.collection.objects.link(o)
    o.location = (0.0, cy, 0.0)
    # the floor's hole: a cylinder the size of the slot's outer wall, subtracted from the cyclorama
    cm = bpy.data.meshes.new('s15S-cutter')
    bm = bmesh.new()
    bmesh.ops.create_cone(bm, cap_ends=True, cap_tris=False, segments=seg, radius1=ro + 0.006,
                          radius2=ro + 0.006, depth=0.2)
    bm.to_mesh(cm)
    bm.free()
    cut = bpy.data.objects.new('s15S-cutter', cm)
    sc.collection.objects.link(cut)
    cut.location = (0.0, cy, 0.0)
    cut.hide_render = True
    cut.display_type = 'WIRE'
    mod = floor_obj.modifiers.new('s15S-hole', 'BOOLEAN')
    mod.operation = 'DIFFERENCE'
    mod.solver = 'EXACT'
    mod.use_hole_tolerant = True
    mod.object = cut
    return o


def s15S_pit_mat(name):
    """The bottom of the turntable's slot: grit, rubber crumbs and grease, near black, matt."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    col = ramp(nt, noise(nt, c, 60.0, 3, 0.6), [(0.3, (0.02, 0.019, 0.018)), (0.7, (0.06, 0.055, 0.05))])
    principled(nt, out, col, 0.8, 0.3)
    return m


def s15S_rim_mat(name, tint, grime=0.0):
    """The disc's steel rim and the slot's edge: powder-coated steel worn to grey metal along the top
    where wheels roll over it, its walls dark with grime (z below the floor). `grime` (session 19): its top
    blackened by the dirt that collects at the slot too, in patches, so the ring reads as the booth photos'
    dark rim rather than a light steel line."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    below = ramp(nt, sep.outputs['Z'], [(-0.006, (1, 1, 1)), (-0.0005, (0, 0, 0))])
    wear = ramp(nt, noise(nt, c, 9.0, 3, 0.6), [(0.35, (0, 0, 0)), (0.7, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, tint, ramp(nt, noise(nt, c, 25.0, 3, 0.6), [(0.3, (0.8,) * 3), (0.7, (1.0,) * 3)]), 'MULTIPLY')
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', wear, 0.5), col, (0.32, 0.31, 0.3))
    if grime:
        g = ramp(nt, noise(nt, c, 4.0, 3, 0.6), [(0.3, (0.55,) * 3), (0.6, (1,) * 3)])
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', g, grime), col, (0.07, 0.065, 0.06))
    col = mix_rgb(nt, below, col, (0.05, 0.045, 0.04))
    met = math_node(nt, 'MULTIPLY', wear, 0.5)
    rgh = mix_rgb(nt, below, ramp(nt, noise(nt, c, 12.0, 2, 0.5), [(0.3, (0.28,) * 3), (0.7, (0.42,) * 3)]),
                  (0.7, 0.7, 0.7))
    p = principled(nt, out, col, rgh, 0.5, 0.0)
    link(nt, met, p.inputs['Metallic'])
    return m


# ---------------------------------------------------------------- session 16: a booth that has been used

def s16S_rot(nt, c, cx, cy, heading):
    """Object coordinates moved to (cx, cy) and turned so that X runs across a path of `heading` degrees
    (measured from +y, towards +x) and Y along it. Rotation first, then any squeeze (Blender's Mapping
    scales before it rotates, so a squeeze and a turn in one _stretch turn only the pattern's seed)."""
    return _stretch(nt, shifted(nt, c, (-cx, -cy, 0.0)), 1.0, 1.0, 1.0, heading)


def s16S_scratches(nt, c, seed, scale=2.2, width=0.0025, layers=5):
    """Fine scratches in the paint (grit dragged under tyres, trolley wheels, jacks): lines a few
    millimetres wide and 5-40 cm long at any heading, in clusters. Each layer is the edge network of
    Voronoi cells squeezed 8:1 across one heading (so their long edges run along it), kept only in short
    pieces by a noise in the same squeezed space. 0..1."""
    rnd = random.Random(1600 + int(seed * 10))
    total = None
    for k in range(layers):
        rc = s16S_rot(nt, c, rnd.uniform(-40, 40), rnd.uniform(-40, 40), rnd.uniform(0, 180))
        sv = _stretch(nt, rc, 1.0, 8.0, 1.0)
        s = scale * rnd.uniform(0.7, 1.4)
        vo = s12b_voronoi(nt, sv, s, 'DISTANCE_TO_EDGE')
        # the width in metres as a distance in the squeezed cells (the long edges are measured across, x 8 s)
        w = width * rnd.uniform(0.6, 1.4) * 8.0 * s
        line = ramp(nt, vo.outputs['Distance'], [(0.0, (1, 1, 1)), (w, (1, 1, 1)), (w * 2.2, (0, 0, 0))])
        keep = ramp(nt, noise(nt, sv, 2.5, 2, 0.5), [(0.665, (0, 0, 0)), (0.7, (1, 1, 1))])
        piece = math_node(nt, 'MULTIPLY', line, keep)
        total = piece if total is None else math_node(nt, 'MAXIMUM', total, piece)
    cl = ramp(nt, noise(nt, shifted(nt, c, (seed * 3.1, 0.0, 0.0)), 0.35, 2, 0.5), [(0.4, (0,) * 3), (0.62, (1,) * 3)])
    return math_node(nt, 'MULTIPLY', total, cl)


def s16S_specks(nt, c, scale, share, radius, seed=0.0):
    """Sparse round specks (grit, rubber crumbs, chips in the paint): Voronoi cells `1/scale` m apart, a
    share of them holding a dot of `radius` m. Returns (dot 0..1, a 0..1 random per dot: what it is)."""
    vo = s12b_voronoi(nt, shifted(nt, c, (seed * 7.3, seed * 2.9, 0.0)), scale, 'F1')
    rgb = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, vo.outputs['Color'], rgb.inputs[0])
    pick = math_node(nt, 'LESS_THAN', rgb.outputs['R'], share)
    r = math_node(nt, 'MULTIPLY', radius * scale, math_node(nt, 'ADD', 0.5, rgb.outputs['B']))
    dot = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, math_node(nt, 'DIVIDE', vo.outputs['Distance'], r), 0.5, 1.0))
    return math_node(nt, 'MULTIPLY', pick, dot), rgb.outputs['G']


def s16S_drive_paths(nt, c, paths, seed):
    """Where cars are driven on and off the turntable: each path (x, y where it meets the disc's rim,
    heading in degrees, length in metres from there, amount) is a pair of tyre tracks 1.55 m apart
    (18 cm bands of rubber, broken up along their length, a little wandering), strongest at the rim where
    wheels brake and turn and fading along the path, inside a broad lane of trodden-in grime. Returns
    (rubber 0..1, grime 0..1, polish 0..1: the wheel paths buffed smooth)."""
    rub = grime = pol = None
    for i, (px, py, hd, ln, amt) in enumerate(paths):
        rc = s16S_rot(nt, c, px, py, hd)
        sp = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, rc, sp.inputs[0])
        X = math_node(nt, 'ADD', sp.outputs['X'],
                      math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.4, 2, 0.5), 0.5), 0.25))
        along = math_node(nt, 'ABSOLUTE', sp.outputs['Y'])
        fade = ramp(nt, math_node(nt, 'DIVIDE', along, ln), [(0.0, (1, 1, 1)), (0.35, (0.7,) * 3), (1.0, (0, 0, 0))])
        lane = math_node(nt, 'MULTIPLY', smooth_band(nt, X, -1.6, -0.9, 0.9, 1.6), fade)
        paths_m = None
        for t in (-0.775, 0.775):
            d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', X, t))
            band = smooth_band(nt, math_node(nt, 'SUBTRACT', 0.0, d), -0.12, -0.06)
            wide = smooth_band(nt, math_node(nt, 'SUBTRACT', 0.0, d), -0.3, -0.12)
            paths_m = wide if paths_m is None else math_node(nt, 'ADD', paths_m, wide)
            brk = ramp(nt, noise(nt, _stretch(nt, rc, 3.0, 0.4, 1.0), 1.3 + 0.2 * i, 3, 0.55), [(0.46, (0, 0, 0)), (0.64, (1, 1, 1))])
            b = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', band, brk), math_node(nt, 'MULTIPLY', fade, amt))
            rub = b if rub is None else math_node(nt, 'ADD', rub, b)
        g = math_node(nt, 'MULTIPLY', lane, amt)
        grime = g if grime is None else math_node(nt, 'MAXIMUM', grime, g)
        p = math_node(nt, 'MULTIPLY', paths_m, fade)
        pol = p if pol is None else math_node(nt, 'MAXIMUM', pol, p)
    mott = ramp(nt, noise(nt, shifted(nt, c, (seed * 5.0, 0.0, 0.0)), 1.8, 3, 0.6), [(0.3, (0.35,) * 3), (0.7, (1,) * 3)])
    return rub, math_node(nt, 'MULTIPLY', grime, mott, clamp=True), math_node(nt, 'MINIMUM', pol, 1.0)


def s16S_floor_wear(nt, c, c0, x, y, fcol, floor_col, flat, W, seed):
    """Session 16 (the booth's floor around the turntable): what reviewers missed ("spotless floor tiles,
    no scuffs", "floor perfectly clean") and the Carvana booth photos show at 100 %: the lanes where cars
    are driven on and off the disc (W['paths'], s16S_drive_paths: tyre tracks, trodden grime, buffed wheel
    paths), fine scratches (s16S_scratches), grit and paint chips (s16S_specks), and dirt in the slab's
    saw-cut joints that run towards the cove (W['joints_x']). `c` the scene-shifted coordinates of the
    patterns, `c0` the object's own (where the paths are). Returns (colour, marks for the roughness,
    polish 0..1)."""
    rub, grime, pol = s16S_drive_paths(nt, c0, W['paths'], seed)
    grime_col = mix_rgb(nt, 1.0, floor_col, (0.8, 0.76, 0.7), 'MULTIPLY')
    fcol = mix_rgb(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', grime, flat), 0.7), fcol, grime_col)
    scr = math_node(nt, 'MULTIPLY', s16S_scratches(nt, c, seed), W.get('scratch', 0.6))
    dots, kind = s16S_specks(nt, c, 28.0, 0.09, 0.0035, seed)
    dark = math_node(nt, 'MULTIPLY', dots, math_node(nt, 'LESS_THAN', kind, 0.6))
    light = math_node(nt, 'MULTIPLY', dots, math_node(nt, 'GREATER_THAN', kind, 0.6))
    marks = math_node(nt, 'ADD', math_node(nt, 'ADD', rub, scr), math_node(nt, 'MULTIPLY', dark, 0.8))
    joints = None
    for jx in W.get('joints_x', ()):
        jd = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', x, jx))
        j = smooth_band(nt, math_node(nt, 'SUBTRACT', 0.0, jd), -0.012, -0.004)
        joints = j if joints is None else math_node(nt, 'ADD', joints, j)
    if joints is not None:
        joints = math_node(nt, 'MULTIPLY', joints, ramp(nt, noise(nt, c, 1.2, 2, 0.5), [(0.3, (0.35,) * 3), (0.6, (0.85,) * 3)]))
        marks = math_node(nt, 'ADD', marks, joints)
    marks = math_node(nt, 'MULTIPLY', marks, flat, clamp=True)
    rubber = mix_rgb(nt, 1.0, floor_col, (0.36, 0.35, 0.34), 'MULTIPLY')
    fcol = mix_rgb(nt, marks, fcol, rubber)
    fcol = mix_rgb(nt, math_node(nt, 'MULTIPLY', light, flat), fcol, mix_rgb(nt, 1.0, floor_col, (1.25, 1.24, 1.22), 'MULTIPLY'))
    return fcol, marks, pol


def s16S_wall(nt, c, wcol, seed):
    """Session 16: a painted wall as a room's, not a gradient ("foggy grey virtual studio"): blotchy
    coats (+-2 % over half a metre to two metres, the roller's overlap not quite even), repainted areas
    a shade off with visible edges, and faint drips of dirt down from the top of the cove."""
    wcol = s13F_mul(nt, wcol, noise(nt, shifted(nt, c, (seed * 4.0, 0.0, 0.0)), 0.6, 3, 0.6), 0.975, 1.02)
    wcol = s13F_mul(nt, wcol, noise(nt, c, 2.2, 2, 0.5), 0.99, 1.008)
    rp = noise(nt, _stretch(nt, shifted(nt, c, (seed * 9.0, 0.0, 0.0)), 0.5, 1.0, 0.9), 0.45, 2, 0.5, distortion=0.3)
    rep = ramp(nt, rp, [(0.6, (0, 0, 0)), (0.61, (1, 1, 1))])
    return mix_rgb(nt, rep, wcol, mix_rgb(nt, 1.0, wcol, (0.97, 0.968, 0.965), 'MULTIPLY'))


# Session 16 (studio white, grey; session 17: modern): the booth floor's wear (s16S_floor_wear). The paths
# where cars are driven on and off the disc (centre y 1.5, radius 3.4): one in from the front (under the
# camera) and a second beside it, and two off the back towards side doors, as (x, y at the rim, heading from
# +y, length, amount).
S16_BOOTH_FLOOR = dict(cut=0.3, scratch=0.5, joints_x=(-4.9, 5.3),
                       paths=((0.35, -1.9, 8.0, 5.5, 0.7), (-1.0, -1.75, -15.0, 4.5, 0.5),
                              (2.5, 4.3, 55.0, 6.0, 0.7), (-2.7, 3.9, -62.0, 5.0, 0.5)))


def s17B_room(cyc_mat, R):
    """Session 17 (studio grey, issue 10): the booth as a room, not a sweep fading into haze ("featureless
    foggy gradient wall", "virtual studio", "no wall"). `R` (studio2's 's17'): side walls at x = +-R['side_x']
    in the cyclorama's own paint (the same material in the same world coordinates, so the knee band, the
    cut-in and the blotchy coats run on round the corners), which the wash reaches only at a graze, so the
    back wall's corners show as darker vertical edges near the frame's sides; the lighting truss the wash
    hangs from (R['truss']: y, z) across the top of the frame with the housings of cyc floods under it
    (R['floods']: x). Session 18: its two white socket plates gave way to s18D_services (studio2's 's18')."""
    import bmesh
    sx = R['side_x']
    for side in (-1, 1):
        me = bpy.data.meshes.new('s17B-side')
        bm = bmesh.new()
        v = [bm.verts.new((side * sx, y, z)) for y, z in ((-14.0, 0.0), (12.0, 0.0), (12.0, 14.0), (-14.0, 14.0))]
        bm.faces.new(v if side < 0 else v[::-1])
        bm.to_mesh(me)
        o = bpy.data.objects.new('s17B-side', me)
        sc.collection.objects.link(o)
        me.materials.append(cyc_mat)
    ty, tz = R['truss']
    alu = simple_mat('s17B-truss', (0.5, 0.5, 0.51), 0.35, metallic=0.8, grain=0.05)
    box_truss(-sx, sx, ty, tz, alu)
    body = simple_mat('s17B-flood', (0.03, 0.03, 0.032), 0.5, grain=0.05)
    for x in R['floods']:
        # an asymmetric cyc flood: a flat box hung under the truss on a short yoke, tilted down at the wall
        box((0.55, 0.22, 0.36), (x, ty + 0.1, tz - 0.42), body, bevel=0.015, rot=(math.radians(-35), 0, 0))
        cylinder(0.02, 0.25, (x, ty, tz - 0.22), body, verts=8)


def s18D_services(R):
    """Session 18 (studio grey, white; issue 10): the booth's electrical services on the back wall, low
    enough to show in the compositor's crop behind a car (it keeps the wall up to about 3.2 m; session 17's
    truss and corners fall outside it, and its two white socket plates alone read as "tiny white markers").
    A galvanised cable tray on wall brackets at R['tray'] m, standing off the wall, so the wash from above
    throws its soft shadow on the wall under it; from it two conduits drop to surface-mounted steel boxes
    low on the wall (R['drops']: x), the boxes in galvanised steel, a shade darker than the paint, not white.
    R['span']: the tray's half length (grey: to its side walls; white: on past the frame's sides)."""
    steel = simple_mat('s18D-steel', (0.5, 0.5, 0.51), 0.35, metallic=0.8, grain=0.05)
    wy, sx, tz = R['wall_y'], R['span'], R['tray']
    span = 2 * sx
    depth = 0.2
    ty = wy - 0.06 - depth / 2
    # the tray: a flat bottom and two 6 cm side rails, a cable run lying in it
    box((span, depth, 0.004), (0.0, ty, tz), steel, bevel=0)
    for dy in (-depth / 2, depth / 2):
        box((span, 0.004, 0.06), (0.0, ty + dy, tz + 0.03), steel, bevel=0)
    cable = simple_mat('s18D-cable', (0.025, 0.025, 0.027), 0.45, grain=0.03)
    for i, (off, r) in enumerate(((-0.05, 0.011), (-0.02, 0.009), (0.01, 0.012), (0.045, 0.008))):
        cylinder(r, span, (0.0, ty + off, tz + 0.002 + r), cable, rot=(0, math.radians(90), 0), verts=10)
    # brackets every 1.5 m: an L of flat bar from the wall under the tray
    x = -sx + 0.4
    while x < sx:
        box((0.04, depth + 0.06, 0.005), (x, wy - (depth + 0.06) / 2, tz - 0.005), steel, bevel=0)
        box((0.04, 0.005, 0.12), (x, wy - 0.003, tz - 0.06), steel, bevel=0)
        x += 1.5
    for x in R['drops']:
        # a conduit from the tray's underside down the wall to a junction box
        low = R['box_z']
        cylinder(0.012, tz - low, (x, wy - 0.02, (tz + low) / 2), steel, verts=12)
        box((0.14, 0.07, 0.14), (x, wy - 0.035, low), steel, bevel=0.004)


# ---------------------------------------------------------------- session 19: stains and a dark rim

def s19S_blobs(nt, c, scale, share, radius, seed, elong=1.0, ragged=0.3):
    """Sparse soft blobs in the floor plane (oil and coolant drips, rubber scuffs): Voronoi cells `1/scale` m
    apart, a share of them holding one blob of `radius` m (x 0.3-1.7 per blob), stretched `elong`:1 along a
    heading of its own and its edge made ragged by noise (a drip spreads unevenly; a round dot reads as
    drawn). Returns (blob 0..1, its edge 0..1: the darker ring a dried drip leaves, a 0..1 random per blob)."""
    cs = shifted(nt, c, (seed * 5.3, seed * 8.1, 0.0))
    vo = s12b_voronoi(nt, cs, scale, 'F1')
    rgb = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, vo.outputs['Color'], rgb.inputs[0])
    # the offset from the blob's centre in metres, turned to the blob's heading (its red channel)
    d = nt.nodes.new('ShaderNodeVectorMath')
    d.operation = 'SUBTRACT'
    link(nt, cs, d.inputs[0])
    link(nt, vo.outputs['Position'], d.inputs[1])  # (Blender gives it in the input's space, not in cells)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, d.outputs[0], sep.inputs[0])
    a = math_node(nt, 'MULTIPLY', rgb.outputs['R'], math.pi)
    ca, sa = math_node(nt, 'COSINE', a), math_node(nt, 'SINE', a)
    u = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', sep.outputs['X'], ca), math_node(nt, 'MULTIPLY', sep.outputs['Y'], sa))
    v = math_node(nt, 'SUBTRACT', math_node(nt, 'MULTIPLY', sep.outputs['Y'], ca), math_node(nt, 'MULTIPLY', sep.outputs['X'], sa))
    u = math_node(nt, 'DIVIDE', u, elong)
    dist = math_node(nt, 'SQRT', math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', u, u), math_node(nt, 'MULTIPLY', v, v)))
    r = math_node(nt, 'MULTIPLY', radius, math_node(nt, 'ADD', 0.3, math_node(nt, 'MULTIPLY', rgb.outputs['B'], 1.4)))
    q = math_node(nt, 'DIVIDE', dist, r)
    # ragged edge: noise at about a fifth of the blob's size
    q = math_node(nt, 'ADD', q, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 2.5 / radius, 3, 0.6), 0.5), ragged * 2))
    pick = math_node(nt, 'LESS_THAN', rgb.outputs['G'], share)
    # densest at its centre, thinning out to the edge (a flat fill read as a grey cut-out spot)
    blob = math_node(nt, 'MULTIPLY', pick, math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, q, 0.4, 1.0)))
    edge = math_node(nt, 'MULTIPLY', pick, smooth_band(nt, q, 0.7, 0.88, 0.9, 1.02))
    # the blob's own random (its green channel scaled back to 0..1 among the picked ones)
    return blob, edge, math_node(nt, 'DIVIDE', rgb.outputs['G'], share)


def s19S_stains(nt, c, col, fcol, weight, S, seed):
    """Session 19 (issue 10, studio grey and white): what the Carvana booth photos show and our disc did
    not ("spotless turntable"): oil and coolant drips where cars stood (soft dark-brown blobs 5-25 cm with
    the darker ring of a dried edge, a few satellite drops) and black rubber scuffs where a tyre was turned
    on the spot (10-15 cm wide, 2-3 times as long, at any heading), all scaled by `weight` (0..1: where
    cars stand) and S['stain'] / S['scuff']. Returns (colour, marks 0..1 for the roughness)."""
    drip, ring, k = s19S_blobs(nt, c, 1.1, 0.4, 0.15, seed, elong=1.4, ragged=0.25)
    drop, dring, _ = s19S_blobs(nt, c, 5.0, 0.12, 0.025, seed + 0.3, elong=1.2, ragged=0.2)
    amt = math_node(nt, 'ADD', 0.35, math_node(nt, 'MULTIPLY', k, 0.65))
    oil = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', drip, amt), drop)
    oil = math_node(nt, 'ADD', oil, math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', ring, dring), 0.4))
    # in clusters (where one leaking car stood, where cars wait), not spread evenly like a pattern
    cl = ramp(nt, noise(nt, shifted(nt, c, (seed * 2.3, 0.0, 0.0)), 0.55, 2, 0.5), [(0.35, (0.25,) * 3), (0.55, (1,) * 3)])
    oil = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', oil, math_node(nt, 'MULTIPLY', weight, cl)), S['stain'], clamp=True)
    # a third of the drips fresh: darker and browner than the grey of the dried ones
    fresh = math_node(nt, 'GREATER_THAN', k, 0.67)
    tone = mix_rgb(nt, fresh, (0.42, 0.39, 0.35), (0.26, 0.23, 0.19))
    fcol = mix_rgb(nt, oil, fcol, mix_rgb(nt, 1.0, col, tone, 'MULTIPLY'))
    scuff, _, ks = s19S_blobs(nt, c, 2.2, 0.22, 0.06, seed + 0.7, elong=2.8, ragged=0.35)
    # rubber lies in streaks across the scuff, not as a flat fill
    streak = ramp(nt, noise(nt, c, 14.0, 3, 0.6), [(0.3, (0.6,) * 3), (0.65, (1,) * 3)])
    rub = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', scuff, streak), math_node(nt, 'ADD', 0.4, math_node(nt, 'MULTIPLY', ks, 0.6)))
    rub = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', rub, weight), S['scuff'], clamp=True)
    fcol = mix_rgb(nt, rub, fcol, mix_rgb(nt, 1.0, col, (0.2, 0.19, 0.18), 'MULTIPLY'))
    return fcol, math_node(nt, 'MAXIMUM', oil, rub)


def s19S_slot_grime(nt, c, dist, ro, fcol, col, amt, inside):
    """Session 19: the dirt that collects along the turntable's slot (the booth photos' "dark rim"): a band
    a few centimetres wide against the slot (on the disc's plates inside it when `inside`, on the floor
    outside it otherwise), darkest at the slot and broken where it was swept, and a softer halo 25 cm out.
    `dist` the distance from the disc's centre, `ro` the slot's edge (m). Returns the colour."""
    off = math_node(nt, 'SUBTRACT', ro, dist) if inside else math_node(nt, 'SUBTRACT', dist, ro)
    band = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, off, 0.0, 0.045))
    halo = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, off, 0.0, 0.3)), 0.35)
    g = math_node(nt, 'MULTIPLY', math_node(nt, 'MAXIMUM', band, halo), smooth_band(nt, off, -0.01, 0.0))
    swept = ramp(nt, noise(nt, c, 3.0, 3, 0.6), [(0.3, (0.35,) * 3), (0.65, (1,) * 3)])
    g = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', g, swept), amt, clamp=True)
    return mix_rgb(nt, g, fcol, mix_rgb(nt, 1.0, col, (0.42, 0.4, 0.37), 'MULTIPLY'))


# Session 19 (issue 10): the stains, scuffs and slot grime of a used booth (s19S_*), on the disc (studio2's
# s14['s19']) and on the floor round it (s13f['s19']: the disc's centre, radius and slot edge, so the floor's
# dirt lies against the slot; only within `reach` m of it, the floor the compositor keeps round a car).
S19_BOOTH = dict(stain=0.9, scuff=1.0, rim=0.75, reach=1.2)


def studio2(kind):
    """Session 7 studios: the lights of a real car studio (a large overhead softbox over the car, strip
    softboxes at the sides, a wash on the cyclorama from above so the cove's curve reads by its shading)."""
    P = {
        # floor paint, wall paint, floor roughness, wear, turntable, key power, wall wash, exposure
        'white': dict(floor=(0.7, 0.7, 0.7), wall=(0.86, 0.86, 0.86), rough=0.34, wear=0.8, disc=None,
                      arcs=((-6.5, 1.0, 5.0, 0.35), (7.5, -2.0, 6.2, 0.3), (1.0, 9.0, 7.0, 0.3)), key=900, wash=0.55,
                      s12=dict(seed=0.0, tracks=((2.0, -22.0, 25.0, 0.45), (-4.0, 30.0, 27.5, 0.4)), dust=0.08, rough=0.36,
                               floor=(0.76, 0.76, 0.755), wall=(0.88, 0.88, 0.875), cove=(0.35, 10.5), wash=0.42, wash_w=4.0,
                               rough13=0.3, s13f=dict(seam=6.6, scuff=0.5, s16=S16_BOOTH_FLOOR)),
                      # session 18: the back wall's services (s18D_services), running on past the frame's sides
                      s18=dict(wall_y=10.85, span=8.0, tray=2.8, drops=(-4.3, 3.7), box_z=0.55),
                      # session 14: the booth's turntable (s14S_booth)
                      s14=dict(cy=1.5, r=3.4, disc=(0.52, 0.525, 0.53), trim=(0.6, 0.61, 0.62), rough=0.3,
                               seed=0.0, marks=1.5, dust=1.3, scrim=(10.0, 8.0, 1.6), s16=dict(grime=0.45, scratch=0.7),
                               s19=S19_BOOTH)),
        'grey': dict(floor=(0.3, 0.305, 0.315), wall=(0.55, 0.555, 0.56), rough=0.3, wear=1.1, disc=4.4,
                     arcs=((-7.0, 0.0, 5.2, 0.45), (6.0, 3.0, 5.5, 0.4), (-2.0, -9.0, 6.0, 0.35)), key=1000, wash=0.5,
                     photo=True, rough_var=0.1, dust=0.08,
                     s12=dict(seed=1.0, tracks=((-1.0, -20.0, 23.5, 0.6), (3.0, 28.0, 24.0, 0.5)), dust=0.1, rough=0.36,
                              floor=(0.4, 0.403, 0.41), wall=(0.66, 0.663, 0.667), cove=(0.35, 10.5), wash=0.4,
                              rough13=0.3, s13f=dict(seam=6.4, scuff=0.45, s16=S16_BOOTH_FLOOR, band=2.3)),
                     # session 17: the booth's side walls and truss (s17B_room); session 18: services (s18D_services)
                     s17=dict(side_x=6.2, truss=(9.4, 5.1), floods=(-3.6, 0.4, 4.1), wall_y=10.85),
                     s18=dict(wall_y=10.85, span=6.19, tray=2.8, drops=(-4.3, 3.7), box_z=0.55),
                     s14=dict(cy=1.5, r=3.4, disc=(0.43, 0.432, 0.438), trim=(0.62, 0.63, 0.64), rough=0.3,
                              seed=1.0, marks=1.5, dust=1.3, scrim=(10.0, 8.0, 1.6), s16=dict(grime=0.45, scratch=0.7),
                              s19=S19_BOOTH)),
        'modern': dict(floor=(0.19, 0.192, 0.196), wall=(0.48, 0.482, 0.485), rough=0.32, wear=1.0, disc=None,
                       arcs=((-6.0, 2.0, 4.8, 0.3), (8.0, 0.0, 6.5, 0.25)), key=950,
                       wash=0.08, dust=0.06, scuffs=0.12, bank=(8.8, 4.6, 7.0, 1.0, 1400),
                       cove=(1.3, 10.6), backdrop=5000, photo=True, rough_var=0.1,
                       s12=dict(seed=2.0, tracks=((1.5, -21.0, 24.0, 0.55), (-2.5, 27.0, 23.0, 0.45)), dust=0.06, rough=0.34,
                                floor=(0.13, 0.132, 0.136), wall=(0.42, 0.422, 0.426), cove=(0.35, 10.6),
                                s13f=dict(seam=6.5, scuff=0.3, s16=S16_BOOTH_FLOOR)),
                       # session 14: a darker booth, the same turntable in dark grey, under the light bank
                       s14=dict(cy=1.5, r=3.4, disc=(0.17, 0.172, 0.176), trim=(0.25, 0.253, 0.26), rough=0.28,
                                seed=2.0, dust=0.45, marks=0.8, s16=dict(grime=0.45, scratch=0.7))),
        'promo': dict(floor=(0.5, 0.5, 0.505), wall=(0.8, 0.8, 0.8), rough=0.3, wear=1.0, disc=None,
                      arcs=((-6.5, -1.0, 5.0, 0.4), (7.0, 2.0, 5.8, 0.35), (0.0, 10.0, 7.5, 0.3)), key=1050, wash=0.5),
        # Session 8: a charcoal studio (the wall falls into darkness away from a faint pool behind the car, the
        # bank's light lies on the satin floor) and a deep-blue one (the pool makes the blue gradient).
        'dark': dict(floor=(0.045, 0.045, 0.048), wall=(0.032, 0.032, 0.034), rough=0.36, wear=0.7, disc=None,
                     arcs=((-6.0, 1.0, 5.0, 0.5), (7.0, -1.0, 6.0, 0.45)), key=1100, wash=0.03, dust=0.05,
                     scuffs=0.0, rough_var=0.1, bank=(7.5, 4.7, 5.0, 1.0, 1000), cove=(1.3, 10.6), backdrop=1500),
        'blue': dict(floor=(0.045, 0.075, 0.17), wall=(0.07, 0.12, 0.3), rough=0.38, wear=0.9, disc=None,
                     arcs=((-6.5, 1.5, 5.0, 0.5), (7.5, -0.5, 6.2, 0.45)), key=900, wash=0.05, dust=0.05,
                     scuffs=0.0, cove=(1.3, 10.6), backdrop=6000),
    }[kind]
    S12 = P.get('s12')
    if 's19' in P.get('s14', {}):
        # session 19: the floor's share of the booth's dirt lies against the turntable's slot, whose floor-side
        # steel edge ends 18 mm outside the disc (s15S_turntable: a 6 mm gap, a 12 mm edge)
        S14 = P['s14']
        S12['s13f'] = dict(S12['s13f'], s19=dict(S14['s19'], cy=S14['cy'], ro=S14['r'] + 0.018))
    if S12:
        # session 12 (studio white, grey, modern): see s12a_cyc_mat (session 14, white and grey: s14S_booth)
        # (session 13, grey and white: a touch more matt, rough13, so the recorded gloss is 0.15 not 0.19)
        mat = s12a_cyc_mat('cyc-' + kind, S12['floor'], S12['wall'], S12.get('rough13', S12['rough']), P['wear'], S12['seed'],
                           S12['tracks'], S12['dust'], S12.get('s13f'))
        P['cove'] = S12['cove']
    else:
        mat = studio_cyc_mat('cyc-' + kind, P['floor'], P['wall'], P['rough'], P['wear'], P['disc'], P['arcs'],
                             dust=P.get('dust', 0.12), scuffs=P.get('scuffs', 0.3),
                             rough_var=P.get('rough_var', 0.32), photo=P.get('photo', False))
    radius, back = P.get('cove', (3.2, 9.5))
    cyc = cyclorama(mat, radius=radius, back=back, height=14.0, width=60.0)
    world_grad((0.02, 0.02, 0.02), (0.03, 0.03, 0.03), 1.0)
    k = P['key']
    if 's17' in P:
        s17B_room(mat, P['s17'])
    if 's18' in P:
        s18D_services(P['s18'])
    if S12 and kind != 'modern':
        s14S_booth(kind, P, S12, P['s14'], cyc)
        key(0, 80, 0.9)
        return P
    area_light((0, 0.5, 5.5), 6.0, k * 0.75, size_y=3.0)
    photo = P.get('photo', False)
    if not photo:
        # Session 10: studio grey and modern go without the side strips and the front fill (they lit a car
        # that is composited later, not rendered): Cycles 3.4 picks one lamp per sample, uniformly, so every
        # extra lamp multiplied the noise that the denoiser turned into blotches on the floor and wall.
        area_light((-6.0, -2.0, 2.5), 1.2, k * 0.25, size_y=4.0, target=(0, 0, 0.8))
        area_light((6.0, -2.0, 2.5), 1.2, k * 0.25, size_y=4.0, target=(0, 0, 0.8))
        area_light((0, -12, 2.5), 5.0, k * 0.1, target=(0, 0, 0.8))
    else:
        sc.world.cycles.sampling_method = 'NONE'
    # The cyclorama wash: a long soft bank over the cove, aimed at the wall above it; the foot of the cove
    # gets less, so the curve reads as a soft darker band rather than a drawn line or nothing.
    if not (photo and kind == 'modern'):
        area_light((0, 6.5, 7.5), 14.0, k * P['wash'] * 6.0, size_y=2.0, target=(0, 13.5, 4.5))
    if kind == 'promo':
        # the rig in view: two softboxes on stands behind the car, turned towards it
        softbox_stand(-4.5, 6.0, 1.9, 0.9, 1.3, (0, 0, 0), 70)
        softbox_stand(4.5, 6.0, 1.9, 0.9, 1.3, (0, 0, 0), 70)
    if 'bank' in P:
        # session 12 (modern): the diffuser dimmer, so it is a bright panel with its fall-off, not a clipped strip
        light_bank(*P['bank'], face_gain=0.3 if S12 else 0.6)
    if 'backdrop' in P:
        # a soft spot on the wall behind the car: the pool of light falls off to the sides and the top
        spot_light((0, 2.0, 4.8), P['backdrop'], (0, 12.0, 2.6), angle_deg=48, blend=1.0, color=(1, 1, 1),
                   radius=1.0)
    if 's14' in P:
        # session 14 (modern): the booth's turntable; no softbox stand (a booth has none)
        s14S_disc(kind, P['s14'], cyc)
    key(0, 80, 0.9)
    return P


def s_studio2(kind, exposure=0.0):
    def build():
        studio2(kind)
        camera(fstop=5.6)
        render_settings(exposure=exposure - 0.25, look='High Contrast', adaptive=0.015)
        sc.cycles.diffuse_bounces = 2
        if kind in ('white', 'grey', 'modern'):
            # session 12: grain, dither, lens fall-off before the JPEG
            # (session 13: no lateral colour, it left the first pixel column cyan; modern since session 14)
            # (session 15: the grain from s13C_sensor_grain's fixed-seed field, not s11b_photo_post's: Blender's
            # NOISE texture draws from a per-thread random generator, so two renders differed by up to 22
            # levels at 96x72. About the same strength: s11b's uniform grain 0.2 has a deviation of 0.013 * sqrt(L);
            # this field's clumped half brings its 0.02 down to about that)
            s12a_post(grain=0.0, vignette={'white': 0.07, 'grey': 0.07, 'modern': 0.1}[kind], dispersion=0.0)
            s13C_sensor_grain(0.02, 0.0006, chroma=0.2, seed=43)
            # session 10 (grey, modern), session 12 (white): indirect light clamped harder, so low-sample
            # bounce noise does not survive the bilateral denoiser as metre-wide blotches on the floor and wall
            sc.cycles.sample_clamp_indirect = 0.5
        return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    return build


def hall(w=36.0, d=28.0, h=6.0, wall=(0.6, 0.6, 0.6), ceiling=(0.5, 0.5, 0.5), back_y=10.0, back_wall=True,
         overhang=10.0):
    wallm = simple_mat('wall', wall, 0.7, grain=0.04, grain_scale=2)
    ceil = simple_mat('ceil', ceiling, 0.8, grain=0.03)
    if back_wall:
        box((w, 0.3, h), (0, back_y + 0.15, h / 2), wallm, bevel=0)
    box((0.3, d, h), (-w / 2, back_y - d / 2, h / 2), wallm, bevel=0)
    box((0.3, d, h), (w / 2, back_y - d / 2, h / 2), wallm, bevel=0)
    box((w, d + 10 + overhang, 0.3), (0, back_y - d / 2 + (overhang - 10) / 2, h + 0.15), ceil, bevel=0)
    # A wall behind the camera so reflections and bounce light are of a room, not a void.
    box((w, 0.3, h), (0, back_y - d - 10, h / 2), wallm, bevel=0)
    return wallm


# ---------------------------------------------------------------- scenes

def s11c_white(nt, value, dims='1D'):
    """Blender's white noise of one value: a random 0..1 per integer cell id (per tile, per slat)."""
    w = nt.nodes.new('ShaderNodeTexWhiteNoise')
    w.noise_dimensions = dims
    link(nt, value, w.inputs['W'])
    return w


def s11c_porcelain_mat(name, base=(0.044, 0.0435, 0.043), size=(1.6, 0.8), rough=0.11, joint=0.003, light=False):
    """Session 11: dark large-format porcelain (160 x 80 cm, long side across the frame, each row shifted
    by a random amount so the short joints never line up into lines running at the car): every slab a
    shade different with its own faint stone veining (the pattern breaks at each joint), a hair-line grout
    joint a little lighter and matt, each slab very slightly out of level (reflections step at the joints),
    and the wear of a working showroom: mop smudges and dull patches, thin shoe scuffs, faint tyre arcs."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    L, W = size
    v = math_node(nt, 'DIVIDE', sep.outputs['Y'], W)
    row = math_node(nt, 'FLOOR', v)
    fv = math_node(nt, 'FRACT', v)
    shift = s11c_white(nt, row).outputs['Value']
    u = math_node(nt, 'ADD', math_node(nt, 'DIVIDE', sep.outputs['X'], L), shift)
    col_i = math_node(nt, 'FLOOR', u)
    fu = math_node(nt, 'FRACT', u)
    cell = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', row, 37.17), col_i)
    rnd = s11c_white(nt, math_node(nt, 'ADD', cell, 0.31))
    rv = rnd.outputs['Value']
    rc = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, rnd.outputs['Color'], rc.inputs[0])
    dx = math_node(nt, 'MULTIPLY', math_node(nt, 'MINIMUM', fu, math_node(nt, 'SUBTRACT', 1.0, fu)), L)
    dy = math_node(nt, 'MULTIPLY', math_node(nt, 'MINIMUM', fv, math_node(nt, 'SUBTRACT', 1.0, fv)), W)
    d = math_node(nt, 'MINIMUM', dx, dy)
    jt = ramp(nt, d, [(joint * 0.35, (1, 1, 1)), (joint, (0, 0, 0))])
    # Slab tone +-5 %, veining per slab (its own offset, so it breaks at the joints).
    tone = ramp(nt, rv, [(0.0, tuple(x * 0.9 for x in base)), (1.0, tuple(x * 1.1 for x in base))])
    sc = shifted(nt, c, rnd.outputs['Color'])
    vec = math_node_vec_scale(nt, sc, (1.0, 1.0, 1.0))
    vein = noise(nt, _stretch(nt, sc, 1.0, 2.5, 1.0, 25.0), 1.4, 8, 0.62, distortion=2.0)
    veins = ramp(nt, vein, [(0.46, (1, 1, 1)), (0.5, (1.22, 1.21, 1.2)), (0.54, (1, 1, 1))])
    cloud = ramp(nt, noise(nt, vec, 2.5, 5, 0.55), [(0.3, (0.95, 0.95, 0.95)), (0.7, (1.05, 1.05, 1.04))])
    col = mix_rgb(nt, 1.0, mix_rgb(nt, 0.6, tone, veins, 'MULTIPLY'), cloud, 'MULTIPLY')
    # Wear: mop smudges (dull, slightly lighter haze), shoe scuffs (thin, lighter), tyre arcs (darker, dull).
    smudge = ramp(nt, noise(nt, c, 0.45, 6, 0.62), [(0.5, (0, 0, 0)), (0.72, (1, 1, 1))])
    wipe = ramp(nt, noise(nt, _stretch(nt, c, 1.0, 7.0, 1.0, 35.0), 1.1, 5, 0.6), [(0.6, (0, 0, 0)), (0.72, (1, 1, 1))])
    smudge = math_node(nt, 'MAXIMUM', smudge, math_node(nt, 'MULTIPLY', wipe, 0.6))
    sc_mask = ramp(nt, noise(nt, c, 0.8, 3, 0.5), [(0.5, (0, 0, 0)), (0.65, (1, 1, 1))])
    scuff = ramp(nt, noise(nt, _stretch(nt, c, 1.0, 18.0, 1.0, -15.0), 2.2, 6, 0.65), [(0.68, (0, 0, 0)), (0.74, (1, 1, 1))])
    scuff = math_node(nt, 'MULTIPLY', scuff, sc_mask)
    wob = math_node(nt, 'MULTIPLY', noise(nt, c, 0.7, 3, 0.5), 0.25)
    arcs = _tyre_arcs(nt, c, ((-5.5, -6.0, 7.6, 0.5), (4.0, 7.5, 7.0, 0.4), (-1.0, 9.0, 9.5, 0.3)), wob)
    # `light` (session 13, a light floor): rubber scuffs, dust and grout show darker, not lighter.
    smudge_k, scuff_k, arc_k, joint_k = (0.94, 0.6, 0.8, 0.78) if light else (1.3, 1.9, 0.55, 1.45)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', smudge, 0.3), col, tuple(x * smudge_k for x in base))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', scuff, 0.5), col, tuple(x * scuff_k for x in base))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', arcs, 0.6), col, tuple(x * arc_k for x in base))
    col = mix_rgb(nt, jt, col, tuple(x * joint_k for x in base))
    r = math_node(nt, 'ADD', rough - 0.02, math_node(nt, 'MULTIPLY', rv, 0.04))
    r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', smudge, 0.12))
    r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', scuff, 0.25))
    r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', arcs, 0.22))
    r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', jt, 0.45))
    # Lippage: each slab tilted a hair (a plane over the slab), then the joint's groove.
    lip = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', rc.outputs['R'], 0.5), fu),
                    math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', rc.outputs['G'], 0.5), fv))
    n1 = bump(nt, lip, 0.5, 0.03)
    wave = noise(nt, c, 2.0, 2, 0.4)
    n2 = bump(nt, wave, 0.015, 0.01, normal=n1)
    n3 = bump(nt, math_node(nt, 'MULTIPLY', jt, -1.0), 0.12, 0.001, normal=n2)
    principled(nt, out, col, r, 0.5, 0.0, n3)
    meta['floor'] = {'gloss': round(max(0.0, 0.5 - rough), 3), 'roughness': rough, 'kind': 'porcelain-tile'}
    return m


def s11c_slat_mat(name, base=(0.15, 0.085, 0.046), pitch=0.07, x0=0.0):
    """Session 11: oiled walnut slats: each slat its own tone (+-20 %, some lighter sapwood-ish, some
    darker), long wavy grain running up the slat with its pattern offset per slat, a satin oil sheen that
    varies along the grain."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    idx = math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', sep.outputs['X'], x0), pitch))
    rnd = s11c_white(nt, math_node(nt, 'ADD', idx, 0.17))
    rv = rnd.outputs['Value']
    tone = ramp(nt, rv, [(0.0, tuple(v * 0.72 for v in base)), (0.5, base), (0.85, tuple(v * 1.18 for v in base)),
                         (1.0, (base[0] * 1.45, base[1] * 1.38, base[2] * 1.25))])
    gv = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'MULTIPLY', sep.outputs['X'], 30.0), gv.inputs['X'])
    link(nt, math_node(nt, 'MULTIPLY', sep.outputs['Y'], 30.0), gv.inputs['Y'])
    link(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', sep.outputs['Z'], 0.9), math_node(nt, 'MULTIPLY', rv, 91.0)),
         gv.inputs['Z'])
    grain = nt.nodes.new('ShaderNodeTexWave')
    grain.wave_type = 'BANDS'
    grain.bands_direction = 'X'
    grain.inputs['Scale'].default_value = 0.6
    grain.inputs['Distortion'].default_value = 7.0
    grain.inputs['Detail'].default_value = 4.0
    grain.inputs['Detail Scale'].default_value = 1.5
    link(nt, gv.outputs[0], grain.inputs['Vector'])
    g = ramp(nt, grain.outputs['Fac'], [(0.2, (0.78, 0.76, 0.75)), (0.8, (1.12, 1.1, 1.08))])
    col = mix_rgb(nt, 1.0, tone, g, 'MULTIPLY')
    fine = noise(nt, gv.outputs[0], 6.0, 4, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, fine, [(0.3, (0.92, 0.92, 0.92)), (0.7, (1.06, 1.06, 1.06))]), 'MULTIPLY')
    r = math_node(nt, 'ADD', 0.36, math_node(nt, 'MULTIPLY', grain.outputs['Fac'], 0.14))
    principled(nt, out, col, r, 0.45, 0.0, bump(nt, grain.outputs['Fac'], 0.08, 0.002))
    return m


def s11c_plant(x, y, h, seed, pot_mat, leaf, bark, pot_r=0.28, pot_h=0.55):
    rng = random.Random(seed)
    cylinder(pot_r, pot_h, (x, y, pot_h / 2), pot_mat, verts=32)
    cylinder(pot_r - 0.02, 0.02, (x, y, pot_h - 0.03), simple_mat('s11c-soil', (0.035, 0.028, 0.022), 0.95), verts=24)
    try:
        put(broadleaf_mesh(seed, h, h * 0.36, name='s11c-plant%d' % seed, mats=[leaf, bark], leaves=1.5),
            (x, y, pot_h - 0.05), rot_z=rng.uniform(0, 6.28))
    except Exception as e:  # noqa: BLE001
        print('plant skipped:', e)


def s13A_strap_plant(x, y, h, seed, pot_mat, leaf, n=34, pot_r=0.26, pot_h=0.6, droop=0.13, name='s13A-plant'):
    """Session 13: a potted plant of long arching strap leaves (a dracaena / yucca habit) instead of the
    dense leaf ball reviewers read as topiary: each leaf a tapering, slightly folded ribbon rising from the
    pot at its own angle and bending over under its own weight, some short young ones upright in the
    middle, each its own tone."""
    import numpy as np
    rng = random.Random(seed)
    cylinder(pot_r, pot_h, (x, y, pot_h / 2), pot_mat, verts=40)
    cylinder(pot_r - 0.02, 0.02, (x, y, pot_h - 0.03), simple_mat('s13A-soil', (0.035, 0.028, 0.022), 0.95),
             verts=24)
    soup = Soup()
    for i in range(n):
        az = rng.uniform(0, 2 * math.pi)
        young = i < n // 5
        el = rng.uniform(1.25, 1.5) if young else rng.uniform(0.75, 1.35)
        length = h * (rng.uniform(0.35, 0.6) if young else rng.uniform(0.6, 1.0))
        w0 = rng.uniform(0.035, 0.06)
        segs = 9
        p = np.array([rng.gauss(0, 0.04), rng.gauss(0, 0.04), 0.0])
        d = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
        side = np.array([-math.sin(az), math.cos(az), 0.0])
        sag = droop * rng.uniform(0.5, 1.5) * (0.3 if young else 1.0)
        pts, widths = [], []
        for s in range(segs + 1):
            t = s / segs
            pts.append(p.copy())
            widths.append(w0 * min(1.0, 0.35 + t * 4.0) * (1.0 - t ** 1.6) + 0.002)
            p = p + d * (length / segs)
            d = d + np.array([0.0, 0.0, -sag])
            d /= np.linalg.norm(d)
        quads = []
        for s in range(segs):
            a, b = pts[s], pts[s + 1]
            da = (b - a) / (np.linalg.norm(b - a) + 1e-9)
            nrm = np.cross(side, da)
            fold = 0.25
            for sgn in (-1, 1):
                ea = a + side * sgn * widths[s] / 2 + nrm * widths[s] * fold
                eb = b + side * sgn * widths[s + 1] / 2 + nrm * widths[s + 1] * fold
                quads.append([a, ea, eb, b])
        soup.quads(quads, 0, tone=rng.random())
    put(soup.mesh('%s-%d' % (name, seed), [leaf]), (x, y, pot_h - 0.02), rot_z=rng.uniform(0, 6.28))


def s13A_lounge_chair(x, y, rot, fabric, leg_mat):
    """An upholstered lounge chair: soft rounded seat, back and arms (large bevels, so the cushions read
    as padded) on four thin legs, turned `rot` about its centre."""
    ca, sa = math.cos(rot), math.sin(rot)
    for dx, dy, z, dims, bev in ((0, 0, 0.4, (0.82, 0.74, 0.18), 0.06), (0, 0.33, 0.68, (0.82, 0.14, 0.5), 0.06),
                                 (-0.39, 0.03, 0.55, (0.1, 0.7, 0.24), 0.045),
                                 (0.39, 0.03, 0.55, (0.1, 0.7, 0.24), 0.045)):
        o = box(dims, (x + dx * ca - dy * sa, y + dx * sa + dy * ca, z), fabric, bevel=bev, rot=(0, 0, rot))
        o.modifiers['bevel'].segments = 4
        bpy.ops.object.shade_smooth()
    for lx, ly in ((-0.35, -0.3), (0.35, -0.3), (-0.35, 0.3), (0.35, 0.3)):
        cylinder(0.013, 0.31, (x + lx * ca - ly * sa, y + lx * sa + ly * ca, 0.155), leg_mat, verts=8)


def s13A_lux_dressing(wy):
    """Session 13, luxury showroom: a white solid-surface reception desk with an oak top and a monitor at
    the right, strap-leaf plants in tall pots, a brochure stand (session 14: the lounge by the glazing
    is gone)."""
    white = simple_mat('s13A-corian', (0.78, 0.78, 0.77), 0.28, grain=0.02, grain_scale=3)
    oak = s11c_slat_mat('s13A-desk-oak', (0.36, 0.25, 0.15), pitch=0.4)
    dark = simple_mat('s13A-dark', (0.02, 0.02, 0.022), 0.3)
    steel = simple_mat('s13A-steel', (0.55, 0.55, 0.56), 0.28, metallic=0.95, grain=0.06, grain_scale=20)
    dx, dy, rz = 5.3, wy - 4.0, -0.08
    box((3.0, 0.75, 1.04), (dx, dy, 0.6), white, bevel=0.02, rot=(0, 0, rz))
    box((2.9, 0.6, 0.08), (dx, dy + 0.02, 0.04), dark, bevel=0.003, rot=(0, 0, rz))
    box((3.1, 0.86, 0.04), (dx, dy + 0.03, 1.14), oak, bevel=0.006, rot=(0, 0, rz))
    box((0.62, 0.025, 0.37), (dx + 0.5, dy + 0.45, 1.47), dark, bevel=0.004, rot=(0, 0, rz + 0.3))
    box((0.05, 0.05, 0.16), (dx + 0.5, dy + 0.47, 1.24), steel, bevel=0.005)
    box((0.3, 0.22, 0.012), (dx - 0.7, dy + 0.05, 1.165), simple_mat('s13A-paper', (0.8, 0.79, 0.77), 0.7), bevel=0,
        rot=(0, 0, 0.35))
    cylinder(0.05, 0.1, (dx - 1.1, dy + 0.1, 1.21), simple_mat('s13A-cup', (0.85, 0.84, 0.82), 0.3), verts=16)
    box((0.48, 0.46, 0.09), (dx + 0.2, dy + 1.15, 0.5), dark, bevel=0.03)
    box((0.46, 0.07, 0.55), (dx + 0.2, dy + 1.38, 0.85), dark, bevel=0.03)
    cylinder(0.025, 0.42, (dx + 0.2, dy + 1.15, 0.25), steel, verts=12)
    # Session 14: no lounge by the glazing (reviewers: "box chairs"; fewer props).
    # Plants in tall matt pots.
    leaf = leaf2_mat('s13A-leaf', (0.02, 0.05, 0.015), (0.1, 0.16, 0.05), translucent=0.3)
    pot = simple_mat('s13A-pot', (0.24, 0.23, 0.22), 0.75, grain=0.08, grain_scale=8)
    s13A_strap_plant(-1.95, wy - 0.6, 1.7, 131, pot, leaf, pot_r=0.3, pot_h=0.75)
    s13A_strap_plant(7.3, wy - 1.2, 1.4, 133, pot, leaf)
    # A brochure stand by the desk.
    box((0.4, 0.3, 0.02), (3.3, wy - 3.2, 0.01), steel, bevel=0.003)
    box((0.04, 0.04, 1.2), (3.3, wy - 3.2, 0.6), steel, bevel=0.004)
    box((0.36, 0.06, 0.5), (3.3, wy - 3.24, 1.05), white, bevel=0.01, rot=(0.25, 0, 0))


def s14A_hedge(x0, x1, y, h=1.25, depth=1.0):
    """A clipped hedge (privet, box) along a forecourt: a slab of foliage with rounded edges, its top
    a few centimetres out of level from one clipping stretch to the next, the leaf mass as clumps of tone
    with a deep relief, darker low down where the light does not reach."""
    m, nt, out = new_mat('s14A-hedge')
    c = coord(nt, 'Object')
    clump = noise(nt, c, 9.0, 6, 0.65)
    leafy = noise(nt, c, 45.0, 4, 0.6)
    col = ramp(nt, clump, [(0.3, (0.01, 0.018, 0.007)), (0.5, (0.03, 0.05, 0.02)), (0.7, (0.06, 0.08, 0.032))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, leafy, [(0.25, (0.5, 0.5, 0.5)), (0.75, (1.3, 1.3, 1.2))]), 'MULTIPLY')
    # Metre-scale patches: thinner, yellower growth here, denser and darker there.
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 0.8, 3, 0.5), [(0.3, (0.75, 0.78, 0.75)),
                                                                      (0.7, (1.25, 1.15, 1.0))]), 'MULTIPLY')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    col = mix_rgb(nt, 1.0, col, ramp(nt, math_node(nt, 'DIVIDE', sep.outputs['Z'], h),
                                     [(0.0, (0.45, 0.45, 0.45)), (0.6, (1, 1, 1))]), 'MULTIPLY')
    relief = math_node(nt, 'ADD', clump, math_node(nt, 'MULTIPLY', leafy, 0.5))
    principled(nt, out, col, 0.65, 0.35, 0.0, bump(nt, relief, 1.0, 0.06))
    rng = random.Random(1415)
    x = x0
    while x < x1:
        w = min(rng.uniform(2.5, 4.0), x1 - x)
        hh = h + rng.gauss(0, 0.04)
        # Each stretch overlaps the next by 40 cm, so the rounded ends never show as notches.
        box((w + 0.4, depth + rng.gauss(0, 0.03), hh), (x + w / 2, y + rng.gauss(0, 0.02), hh / 2), m, bevel=0.25)
        x += w


def s14A_neighbour_wall(x0, x1, y, h=9.0):
    """The plain rendered flank wall of the building next door, seen across the forecourt: render with a
    faint tone drift, a darker plinth, a coping at the top and a downpipe; no windows, no signs."""
    render = plaster_mat('s14A-neighbour', (0.7, 0.68, 0.64), 0.9, streaks=False)  # streaks read as a curtain
    box((x1 - x0, 0.4, h), ((x0 + x1) / 2, y + 0.2, h / 2), render, bevel=0)
    box((x1 - x0, 0.45, 0.6), ((x0 + x1) / 2, y + 0.2, 0.3), plaster_mat('s14A-plinth', (0.42, 0.41, 0.39), 0.9),
        bevel=0.01)
    box((x1 - x0, 0.55, 0.12), ((x0 + x1) / 2, y + 0.2, h + 0.06), simple_mat('s14A-coping', (0.5, 0.5, 0.49), 0.5),
        bevel=0.01)
    pipe = simple_mat('s14A-downpipe', (0.3, 0.3, 0.3), 0.5, metallic=0.6)
    cylinder(0.05, h, (x0 + 0.62 * (x1 - x0), y - 0.08, h / 2), pipe, verts=12)


def s14A_wall_fixtures(wy):
    """The small things on a real showroom wall, by the service door: a fire extinguisher on its wall
    bracket, a light switch and a wall thermostat, a return-air grille high up on the white wall."""
    red = simple_mat('s14A-extinguisher', (0.45, 0.025, 0.02), 0.25, grain=0.02)
    black = simple_mat('s14A-ext-black', (0.02, 0.02, 0.02), 0.5)
    ex, ey = -1.45, wy - 0.12
    cylinder(0.075, 0.48, (ex, ey, 0.62), red, verts=24)
    sphere(0.075, (ex, ey, 0.86), red, subdiv=3).scale = (1, 1, 0.45)
    box((0.05, 0.05, 0.08), (ex, ey, 0.93), black, bevel=0.005)
    box((0.09, 0.02, 0.025), (ex + 0.04, ey, 0.97), simple_mat('s14A-ext-handle', (0.5, 0.5, 0.5), 0.3, metallic=1.0),
        bevel=0.004)
    cylinder(0.008, 0.42, (ex + 0.085, ey, 0.72), black, verts=8)
    box((0.1, 0.06, 0.03), (ex, wy - 0.03, 0.55), black, bevel=0.005)
    white = simple_mat('s14A-switch', (0.82, 0.82, 0.8), 0.35, grain=0.01)
    box((0.085, 0.012, 0.085), (0.0, wy - 0.006, 1.1), white, bevel=0.003)
    box((0.09, 0.02, 0.12), (0.0, wy - 0.01, 1.5), white, bevel=0.005)
    # (Its slots as separate bars read as lines of text from 20 m: a frame round a dark recess instead.)
    grille = simple_mat('s14A-return-air', (0.6, 0.6, 0.59), 0.5, grain=0.02)
    box((0.9, 0.02, 0.35), (-1.0, wy - 0.01, 4.1), grille, bevel=0.004)
    box((0.82, 0.01, 0.27), (-1.0, wy - 0.021, 4.1), simple_mat('s14A-ra-recess', (0.16, 0.16, 0.16), 0.7), bevel=0)


def s_luxury_showroom():
    """Session 13 (reviewers: "a dark NOVA MOTORS showroom", the studio-lit car did not belong in a dim
    room): a bright, high-key premium dealer hall. Light grey polished porcelain (120 x 60 cm, a soft
    reflection, wear); a white ceiling 4.8 m up with a linear light slot and recessed downlights, seen at
    the top of the frame; big soft overhead light over the whole floor (the key: from above, soft); at the
    left a floor-to-ceiling glazing onto a bright, overexposed daylit forecourt; a white wall with a light
    oak slat feature panel carrying the dealer's name under a grazing cove light; a white reception desk,
    a lounge and plants. Camera as before (50 mm, 8.5 m, 1.25 m, 2 degrees down) at f/4."""
    wy, h = 11.0, 4.8
    wallm = hall(w=32, d=34, h=h, wall=(0.8, 0.795, 0.78), ceiling=(0.86, 0.86, 0.85), back_y=wy, back_wall=False,
                 overhang=2.2)
    # Session 14: close the hall's side walls up to the wall behind the camera (a 10-m gap let the bright sky
    # in, seen as a pale rectangle reflected in the left glazing).
    for sx in (-16.0, 16.0):
        box((0.3, 10.2, h), (sx, wy - 34 - 5, h / 2), wallm, bevel=0)
    # Session 14: roughness 0.15 (was 0.1, "floor reflection too smooth").
    plane(80, 80, (0, 0, 0), s11c_porcelain_mat('s13A-porcelain', base=(0.5, 0.495, 0.48), size=(1.2, 0.6),
                                                rough=0.15, light=True))
    # The back wall: glazing at the left, plaster at the right with an oak slat feature panel.
    gx1 = -2.4
    plaster = plaster_mat('s13A-plaster', (0.8, 0.795, 0.78), 0.85, streaks=False)
    box((16 - gx1, 0.3, h), ((gx1 + 16) / 2, wy + 0.15, h / 2), plaster, bevel=0)
    box((16 - gx1, 0.02, 0.08), ((gx1 + 16) / 2, wy - 0.01, 0.04), simple_mat('s13A-skirting', (0.3, 0.3, 0.3), 0.4),
        bevel=0)
    gl = arch_glass_mat('s13A-glass')
    frame = simple_mat('s13A-mullion', (0.05, 0.05, 0.055), 0.35, metallic=0.7, grain=0.02)
    plane(16 + gx1, h, ((gx1 - 16) / 2, wy + 0.1, h / 2), gl, rot=(math.pi / 2, 0, 0))
    x = gx1
    while x > -16:
        box((0.06, 0.18, h), (x, wy + 0.1, h / 2), frame, bevel=0.003)
        x -= 2.0
    box((16 + gx1, 0.2, 0.1), ((gx1 - 16) / 2, wy + 0.1, 0.05), frame, bevel=0.003)
    s14A_trench_grille(-16.0, gx1, wy - 0.45)
    # Outside: the forecourt's paving, a clipped hedge along its edge and beyond it the plain rendered
    # wall of the neighbouring building under the sky, all in daylight two stops over the room. Session 14:
    # no parked cars ("blocky, garbled shapes") and no painted backdrop; only things a plain wall, a hedge
    # and paving can be.
    plane(40, 24, (-8, wy + 12.1, -0.01), floor_material('stone-paving', (0.6, 0.59, 0.56)))
    s14A_hedge(-24.0, 4.0, wy + 6.5)
    s14A_neighbour_wall(-28.0, 8.0, wy + 15.0)
    area_light(((gx1 - 10) / 2, wy + 0.3, h / 2), 10 + gx1, 1600, (0.92, 0.95, 1.0), size_y=h,
               target=((gx1 - 10) / 2, wy - 6, 0.5))
    # A flush service door in the white wall with an exit sign over it.
    door = simple_mat('s13A-door', (0.74, 0.74, 0.72), 0.4, grain=0.02)
    box((0.98, 0.04, 2.4), (-0.75, wy - 0.01, 1.2), door, bevel=0.004)
    box((0.03, 0.05, 0.02), (-0.38, wy - 0.05, 1.05), simple_mat('s13A-handle', (0.6, 0.6, 0.6), 0.25, metallic=1.0),
        bevel=0.002)
    box((0.36, 0.05, 0.15), (-0.75, wy - 0.03, 2.62), simple_mat('s13A-exit-box', (0.85, 0.85, 0.85), 0.4), bevel=0.004)
    camera_only(plane(0.3, 0.1, (-0.75, wy - 0.056, 2.62), emission_mat('s13A-exit', (0.1, 0.8, 0.3), 3.0),
                      rot=(math.pi / 2, 0, 0)))
    s14A_wall_fixtures(wy)
    # The feature panel: light oak slats on a dark backing, 20 cm proud.
    sx0, sx1, sz = 0.4, 6.8, 3.6
    box((sx1 - sx0, 0.05, sz), ((sx0 + sx1) / 2, wy - 0.05, sz / 2), simple_mat('s13A-felt', (0.03, 0.028, 0.026), 0.95),
        bevel=0)
    rng = random.Random(1313)
    slats = Batch(s11c_slat_mat('s13A-oak', (0.42, 0.3, 0.18), pitch=0.08, x0=sx0), 's13A-slats')
    x = sx0 + 0.04
    while x < sx1:
        slats.box((0.05, 0.05, sz - 0.02), (x, wy - 0.12, sz / 2), rot_y=rng.gauss(0, 0.001))
        x += 0.08
    slats.done()  # Session 14: no lettering on it ("invented NOVA MOTORS lettering")
    # A grazing cove light over the panel (its light falls off down the slats).
    area_light(((sx0 + sx1) / 2, wy - 0.45, h - 0.05), sx1 - sx0, 500, (1.0, 0.93, 0.84), size_y=0.15,
               target=((sx0 + sx1) / 2, wy - 0.15, 0.0))
    s13A_lux_dressing(wy)
    # The ceiling: a linear light slot near the back and a grid of recessed downlights (seen at the top of
    # the frame); the room's light itself is big soft overhead panels (the key light) and the slot.
    slot = area_light((0, wy - 2.2, h - 0.01), 30, 900, (1.0, 0.98, 0.95), size_y=0.12, target=(0, wy - 2.2, 0),
                      visible=True)
    slot.visible_glossy = True
    box((30, 0.2, 0.02), (0, wy - 2.2, h - 0.0), simple_mat('s13A-slot-trim', (0.3, 0.3, 0.3), 0.5), bevel=0)
    vent = simple_mat('s13A-vent', (0.04, 0.04, 0.045), 0.6)
    for vx in (-9.0, -1.5, 6.0):  # linear air diffusers, dark slots in the ceiling
        box((2.4, 0.1, 0.02), (vx, wy - 1.4, h - 0.002), vent, bevel=0)
    dl = no_light_sampling(emission_mat('s13A-downlight', (1.0, 0.97, 0.92), 12.0))
    trim = simple_mat('s13A-dl-trim', (0.7, 0.7, 0.7), 0.3, metallic=0.6)
    for yy in (wy - 0.9, wy - 3.6, wy - 6.0):
        xx = -13.2
        while xx < 14:
            cylinder(0.1, 0.01, (xx, yy, h - 0.004), trim, verts=24)
            camera_only(cylinder(0.075, 0.01, (xx, yy, h - 0.008), dl, verts=24))
            xx += 2.4
    warm = (1.0, 0.97, 0.93)
    for lx, ly, p in ((-5.5, 1.0, 2600), (0.0, 1.0, 3200), (5.5, 1.0, 2400), (-5.5, 6.5, 1700), (0.0, 6.5, 1700),
                      (5.5, 6.5, 1400), (0.0, -5.0, 1300)):
        a = area_light((lx, ly, h - 0.05), 5.0, p, warm, size_y=4.5, target=(lx, ly, 0))
        a.visible_glossy = False
    # Outside: a bright day, the sun behind the building (on the camera's side), so no sunlight enters; the
    # forecourt is some two stops brighter than the room, as an interior exposure shows it.
    world_sky(45, 160, 24.0, dust=1.5)
    sun_light(45, 160, 80.0, angle_deg=1.0)
    key(0, 78, 0.9, (1.0, 0.97, 0.93))
    camera(fstop=4.0)
    render_settings(exposure=-3.2, glare=0.12, adaptive=0.01)
    s12a_post(grain=0.15, vignette=0.12, dispersion=0.0015)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def arch_glass_mat(name, tint=(0.92, 0.95, 0.95)):
    """Thin architectural glass: see-through (light and shadow rays pass, so daylight enters the room) with a
    Fresnel reflection on top; no refraction to sample."""
    m, nt, out = new_mat(name)
    t = nt.nodes.new('ShaderNodeBsdfTransparent')
    t.inputs['Color'].default_value = (*tint, 1)
    glass_over(nt, out, t.outputs[0], 0.03)
    return m


def sr10_vinyl_mat(name, color=(0.85, 0.85, 0.83)):
    m, nt, out = new_mat(name)
    principled(nt, out, color, 0.5, 0.4)
    return m


def sr10_frost_mat(name):
    """A frosted manifestation band on glass: a dot screen, white where the dots are, clear between."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    fx = math_node(nt, 'SUBTRACT', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['X'], 0.05)), 0.5)
    fz = math_node(nt, 'SUBTRACT', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['Z'], 0.05)), 0.5)
    r = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', fx, fx), math_node(nt, 'MULTIPLY', fz, fz))
    dot = math_node(nt, 'LESS_THAN', r, 0.09)
    p_ = principled(nt, out, (0.8, 0.8, 0.8), 0.6, 0.3)
    worn_cover(nt, out, math_node(nt, 'MULTIPLY', dot, 0.85), p_)
    return m


def sr10_showroom_dressing(y):
    """Session 10, studio showroom: what makes the room and the street read as a real place. Inside: a
    reception desk with a monitor and a chair, a lounge corner (two armchairs, a low table) and a dotted
    frosted band at 1 m on the glass. Outside: a far kerb, lamp columns and bollards, each a little off
    plumb. (Session 14: no lettering on the glass, no street trees, no plants.)"""
    rng = random.Random(1010)
    # Reception desk (left, beyond the car's standing area).
    white = simple_mat('sr10-desk', (0.72, 0.72, 0.7), 0.25, grain=0.03)
    oak = simple_mat('sr10-oak', (0.28, 0.18, 0.1), 0.35, grain=0.25, grain_scale=4)
    dark = simple_mat('sr10-dark', (0.02, 0.02, 0.022), 0.3)
    fabric = simple_mat('sr10-fabric', (0.16, 0.15, 0.14), 0.9, grain=0.2, grain_scale=40)
    steel = simple_mat('sr10-steel', (0.5, 0.5, 0.52), 0.3, metallic=0.9)
    box((2.8, 0.75, 0.94), (-4.9, 5.6, 0.55), white, bevel=0.01)
    box((2.7, 0.65, 0.08), (-4.9, 5.64, 0.04), dark, bevel=0.003)
    box((3.0, 0.85, 0.04), (-4.9, 5.6, 1.04), oak, bevel=0.005)
    box((0.56, 0.03, 0.34), (-4.5, 5.85, 1.31), dark, bevel=0.005)
    box((0.04, 0.04, 0.12), (-4.5, 5.88, 1.1), dark, bevel=0.005)
    box((0.5, 0.5, 0.08), (-4.2, 6.5, 0.5), fabric, bevel=0.02)
    box((0.5, 0.06, 0.55), (-4.2, 6.75, 0.8), fabric, bevel=0.02)
    cylinder(0.03, 0.45, (-4.2, 6.5, 0.24), steel, verts=12)
    box((0.35, 0.25, 0.02), (-5.6, 5.5, 1.07), sr10_vinyl_mat('sr10-paper', (0.8, 0.8, 0.78)), bevel=0)
    # Lounge corner (right). Session 14: padded armchairs (s13A_lounge_chair), not bevelled leather boxes.
    leather = simple_mat('sr10-leather', (0.2, 0.09, 0.045), 0.45, grain=0.15, grain_scale=12)
    for ax, rot in ((3.3, 0.35), (5.0, -0.3)):
        s13A_lounge_chair(ax, 4.6, rot, leather, steel)
    box((0.9, 0.55, 0.03), (4.3, 3.7, 0.42), oak, bevel=0.005)
    cylinder(0.025, 0.4, (4.3, 3.7, 0.2), steel, verts=12)
    box((0.24, 0.16, 0.02), (4.2, 3.72, 0.445), sr10_vinyl_mat('sr10-mag', (0.5, 0.2, 0.15)), bevel=0)
    # The frosted band on the glass. Session 14: the vinyl lettering is gone (reviewers read rendered text
    # as garbled at any size: "SATI SERVIS, GALER...").
    plane(40, 0.14, (0, y - 0.02, 1.02), sr10_frost_mat('sr10-frost'), rot=(math.pi / 2, 0, 0))
    # Outside: the far kerb, lamp columns, bollards. Session 14: no street trees ("a flat painted-looking
    # tree"); the sheer blinds leave only the street's lowest band in view.
    box((200, 0.3, 0.15), (0, y + 22.3, 0.03), simple_mat('sr10-kerb', (0.45, 0.44, 0.41), 0.8, grain=0.15), bevel=0.02)
    pole = simple_mat('sr10-pole', (0.16, 0.17, 0.17), 0.5, metallic=0.6, grain=0.2, grain_scale=5)
    for lx in (-11.5, 6.2):
        o = cylinder(0.075, 7.0, (lx, y + 7.7, 3.5), pole, verts=16)
        o.rotation_euler = (rng.gauss(0, 0.006), rng.gauss(0, 0.006), 0)
        box((0.08, 1.3, 0.08), (lx, y + 8.3, 6.95), pole, bevel=0.01)
        box((0.35, 0.6, 0.12), (lx, y + 8.9, 6.88), pole, bevel=0.02)
    bx = -13.0
    while bx < 13.0:
        if rng.random() > 0.15:
            o = cylinder(0.055, 0.85, (bx, y + 7.75, 0.4), pole, verts=12)
            o.rotation_euler = (rng.gauss(0, 0.03), rng.gauss(0, 0.03), 0)
        bx += rng.uniform(1.4, 1.8)


def s14A_sheer_mat(name, color=(0.86, 0.86, 0.84), openness=0.1, glow=0.0):
    """Session 14: a white sheer roller-blind fabric: mostly translucent (it glows with the daylight on its
    street side, as a sheer does, and shows nothing of the street's detail), `openness` of it plain
    see-through (the street stays a faint, soft shape), a faint front diffuse and a fine weave. `glow`: the
    daylight the fabric passes on, as a steady emission (the sky behind it alone left it a dull grey; the
    material is not sampled as a light, so the room's light is unchanged)."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    weave = ramp(nt, noise(nt, c, 300, 2, 0.5), [(0.3, tuple(v * 0.94 for v in color)), (0.7, color)])
    tr = nt.nodes.new('ShaderNodeBsdfTranslucent')
    link(nt, weave, tr.inputs['Color'])
    d = nt.nodes.new('ShaderNodeBsdfDiffuse')
    link(nt, weave, d.inputs['Color'])
    fab = nt.nodes.new('ShaderNodeMixShader')
    fab.inputs[0].default_value = 0.35
    link(nt, tr.outputs[0], fab.inputs[1])
    link(nt, d.outputs[0], fab.inputs[2])
    t = nt.nodes.new('ShaderNodeBsdfTransparent')
    mx = nt.nodes.new('ShaderNodeMixShader')
    mx.inputs[0].default_value = openness
    link(nt, fab.outputs[0], mx.inputs[1])
    link(nt, t.outputs[0], mx.inputs[2])
    surf = mx.outputs[0]
    if glow:
        e = nt.nodes.new('ShaderNodeEmission')
        link(nt, weave, e.inputs['Color'])
        # Brighter towards the top, where the fabric sees more sky.
        sep = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, c, sep.inputs[0])
        link(nt, math_node(nt, 'MULTIPLY', ramp(nt, math_node(nt, 'DIVIDE', sep.outputs['Z'], 7.0),
                                                [(0.0, (0.8, 0.8, 0.8)), (1.0, (1.1, 1.1, 1.1))]),
                           glow * (1.0 - openness)), e.inputs['Strength'])
        add = nt.nodes.new('ShaderNodeAddShader')
        link(nt, surf, add.inputs[0])
        link(nt, e.outputs[0], add.inputs[1])
        surf = add.outputs[0]
        m.cycles.sample_as_light = False
    link(nt, surf, out.inputs['Surface'])
    return m


def s14A_sheer_blinds(y, bays, top=6.9, bay_w=3.2, glow=0.0):
    """Sheer roller blinds inside a curtain wall, each bay's let down to its own height (`bays`: (left
    mullion x, bottom z)): a cassette at the top, the fabric a hair in from the glass, a weighted bottom
    bar a little out of level. (Session 13's grey solar screen showed the street through it in detail.)"""
    rng = random.Random(1414)
    screen = s14A_sheer_mat('s14A-sheer', glow=glow)
    bar = simple_mat('s14A-blind-bar', (0.7, 0.7, 0.69), 0.4, metallic=0.5)
    for x0, z in bays:
        cx, w = x0 + bay_w / 2, bay_w - 0.14
        plane(w, top - z, (cx, y - 0.2, (top + z) / 2), screen, rot=(math.pi / 2, 0, 0))
        box((w, 0.03, 0.03), (cx, y - 0.2, z), bar, bevel=0.006, rot=(0, rng.gauss(0, 0.004), 0))
        box((w + 0.04, 0.12, 0.12), (cx, y - 0.2, top + 0.05), bar, bevel=0.01)


def s14A_trench_grille(x0, x1, y, width=0.3):
    """A floor trench convector along a glazing (what heats a showroom's glass wall): a dark linear-bar
    grille flush with the floor between two thin aluminium edge angles; the bars as a fine stripe of tone
    and relief, dust a little lighter in the gaps."""
    m, nt, out = new_mat('s14A-grille')
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    bars = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['Y'], 0.018))
    stripe = ramp(nt, bars, [(0.35, (0.03, 0.03, 0.032)), (0.45, (0.09, 0.09, 0.09))])
    dust = ramp(nt, noise(nt, c, 1.5, 4, 0.6), [(0.4, (1, 1, 1)), (0.75, (1.5, 1.45, 1.4))])
    col = mix_rgb(nt, 1.0, stripe, dust, 'MULTIPLY')
    principled(nt, out, col, 0.45, 0.4, 0.5, bump(nt, bars, 0.3, 0.003))
    box((x1 - x0, width, 0.01), ((x0 + x1) / 2, y, 0.002), m, bevel=0)
    alu = simple_mat('s14A-grille-edge', (0.5, 0.5, 0.5), 0.35, metallic=0.9)
    for e in (-1, 1):
        box((x1 - x0, 0.02, 0.01), ((x0 + x1) / 2, y + e * (width / 2 + 0.01), 0.003), alu, bevel=0)


def s_glass_showroom():
    """A daylight dealer showroom (session 5): pale satin concrete floor, a storey-high curtain wall with
    real mullions and transoms, and through it a real street (paving, kerb, asphalt, a row of facades with
    recessed windows and shopfronts) under an overcast sky that also lights the room. Ceiling LED panels
    are area lamps. Replaces a noise-textured emissive backdrop that reviewers read as a mottled wall."""
    hall(w=40, d=30, h=7, wall=(0.85, 0.85, 0.84), ceiling=(0.9, 0.9, 0.9), back_wall=False, overhang=0.2)
    # Session 10: a polished floor with a real, only slightly softened mirror image (0.12 read as a blur).
    # Session 13: satin ground concrete (reviewers read the 0.065 floor as "a perfect mirror-like copy of the
    # car"): the reflection is a soft sheen, recorded as what it is.
    # Session 14: more wear ("slight floor variation and faint scuffs near where a car stands").
    plane(40, 40, (0, -10.2, 0), satin_concrete_mat((0.42, 0.42, 0.41), rough=0.26, wear=1.6, undulation=0.002,
                                                      swirl_amt=0.06))
    # The curtain wall: glass, mullions every 3.2 m, a transom, a low steel base channel.
    frame = simple_mat('mullion', (0.06, 0.06, 0.065), 0.35, metallic=0.7, grain=0.02)
    gl = arch_glass_mat('glass')
    y = 9.8
    plane(40, 7, (0, y, 3.5), gl, rot=(math.pi / 2, 0, 0))
    x = -19.2
    while x <= 19.3:
        box((0.1, 0.25, 7), (x, y, 3.5), frame, bevel=0.004)
        x += 3.2
    box((40, 0.25, 0.1), (0, y, 4.4), frame, bevel=0.004)
    box((40, 0.3, 0.12), (0, y, 0.06), frame, bevel=0.004)
    # Outside: a pavement, a kerb, the street, the pavement opposite and its buildings.
    pave = floor_material('stone-paving', (0.5, 0.49, 0.46))
    plane(200, 8, (0, y + 4.1, -0.02), pave)
    kerbm = simple_mat('kerb', (0.5, 0.49, 0.46), 0.8, grain=0.1)
    box((200, 0.3, 0.15), (0, y + 8.15, -0.02), kerbm, bevel=0.02)
    plane(200, 14, (0, y + 15.3, -0.05), floor_material('asphalt', (0.09, 0.09, 0.095)))
    plane(200, 6, (0, y + 25.3, 0.1), pave)
    bx = -40.0
    k = 0
    # Session 10: aged, muted render colours (the clean pastels read as painted).
    walls = [(0.6, 0.55, 0.47), (0.47, 0.46, 0.44), (0.66, 0.62, 0.55), (0.46, 0.36, 0.3), (0.55, 0.54, 0.5)]
    while bx < 40:
        w = random.uniform(9, 15)
        facade(bx, bx + w, y + 28.3, random.uniform(13, 19), walls[k % len(walls)], storey=random.uniform(3.1, 3.5),
               bay=random.uniform(1.7, 2.2), name='op%d' % k)
        bx += w
        k += 1
    sr10_showroom_dressing(y)
    # Session 14: no potted plants ("a stock-looking plant").
    # Session 14: sheer blinds in every bay, let down to different heights ("a detailed but fake street",
    # "flat painted-looking street and tree"): the outside is bright soft daylight through fabric, the
    # street only a low, out-of-focus band under the blinds.
    s14A_sheer_blinds(y, ((-19.2, 0.75), (-16.0, 1.05), (-12.8, 0.62), (-9.6, 0.9), (-6.4, 1.3), (-3.2, 0.7),
                          (0.0, 0.98), (3.2, 1.95), (6.4, 0.8), (9.6, 1.15), (12.8, 0.66), (16.0, 0.9)), glow=1.2)
    s14A_trench_grille(-19.2, 19.2, y - 0.55)
    # Ceiling LED panels, seen in the glass: camera-only emitters, the light from one area lamp per row.
    em = no_light_sampling(emission_mat('panel', (1, 0.97, 0.92), 10.0))
    for ry in (-6.0, -1.33, 3.33, 8.0):
        xx = -16.0
        while xx <= 16.0:
            pn = camera_only(plane(5, 1.2, (xx, ry, 6.98), em, rot=(math.pi, 0, 0)))
            pn.visible_glossy = True  # the panels, not the lamp's strip, are what the glass reflects
            xx += 7.5
        lamp = area_light((0, ry, 6.95), 34.0, 350, (1, 0.97, 0.92), size_y=1.2, target=(0, ry, 0))
        lamp.visible_glossy = False
    # Outside: a clear late morning. The sun comes from the camera's side, over the showroom's roof, so it
    # lights the street and the facades opposite (with shadows in their window reveals) but never enters
    # the room: inside, the light stays the soft skylight and the ceiling panels the metadata records.
    # Session 13: the street is exposed as an interior photograph shows it, some two stops over the room
    # ("an illustrated street"): bright, low in contrast, in a daylight haze.
    world_sky(35, 150, 2.6, air=1.0, dust=1.6)
    sun_light(35, 150, 6.0, angle_deg=0.8)
    key(0, 65, 0.85, (1, 1, 1))
    camera(fstop=2.8)
    render_settings(exposure=-0.35, glare=0.1, mist={'start': 19.0, 'depth': 50.0, 'max': 0.2,
                                                      'color': (2.2, 2.25, 2.3)})
    s12a_post(grain=0.15, vignette=0.12, dispersion=0.0015)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def loft_outside_mat(name, strength):
    """What a loft's steel windows look out on by day, out of focus: pale overcast sky above, the brick
    and glass of the buildings across the yard below it as soft darker masses."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    skyline = math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', noise(nt, math_node_vec_scale(nt, c, (0.4, 0.0, 0.0)), 1.0, 2, 0.5), 4.0))
    col = ramp(nt, skyline, [(0.0, (0.3, 0.24, 0.2)), (0.2, (0.86, 0.9, 0.95))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 0.6, 4, 0.5), [(0.3, (0.8, 0.8, 0.8)), (0.7, (1.05, 1.05, 1.05))]), 'MULTIPLY')
    emit(nt, out, col, strength)
    return m


def steel_window(frames, x, y, z0, w, h, cols, rows, bar=0.045):
    """A tall steel factory window into `frames`: a deep outer frame, muntins in a cols x rows grid and a
    heavier transom a third of the way up."""
    for sx in (-1, 1):
        frames.box((0.09, 0.14, h), (x + sx * w / 2, y, z0 + h / 2))
    for zz in (z0, z0 + h):
        frames.box((w + 0.09, 0.14, 0.09), (x, y, zz))
    for i in range(1, cols):
        frames.box((bar, 0.06, h), (x - w / 2 + i * w / cols, y, z0 + h / 2))
    for j in range(1, rows):
        frames.box((w, 0.06, bar if j != rows // 3 else 0.08), (x, y, z0 + j * h / rows))


def s_studio_loft():
    """An industrial loft studio (session 9; was `s_loft`, a grey concrete wall with one window grid): a
    pale satin concrete floor, an old brick back wall with three tall steel factory windows letting soft
    daylight in, steel beams and a galvanised duct under a whitewashed soffit, a brick pier on each side
    and a softbox on a stand at the right."""
    back, h = 7.0, 4.7
    plane(60, 60, (0, 0, 0), satin_concrete_mat((0.27, 0.265, 0.255), rough=0.36))
    brick = brick_mat('loft-brick', (0.36, 0.17, 0.11), mortar=(0.42, 0.4, 0.37))
    wx, ww, wz0, wh = (-4.2, 0.0, 4.2), 2.7, 0.9, 3.4
    # The back wall in pieces round the three window openings.
    edges = [-9.0] + [v for x in wx for v in (x - ww / 2, x + ww / 2)] + [9.0]
    for a, b in zip(edges[0::2], edges[1::2]):
        box((b - a, 0.45, h), ((a + b) / 2, back + 0.225, h / 2), brick, bevel=0)
    for x in wx:
        box((ww, 0.45, wz0), (x, back + 0.225, wz0 / 2), brick, bevel=0)
        box((ww, 0.45, h - wz0 - wh), (x, back + 0.225, wz0 + wh + (h - wz0 - wh) / 2), brick, bevel=0)
        box((ww + 0.1, 0.5, 0.06), (x, back + 0.2, wz0 - 0.03), simple_mat('sill', (0.45, 0.44, 0.42), 0.7), bevel=0.01)
    for sx in (-1, 1):
        box((0.45, 20, h), (sx * 9.2, back - 10, h / 2), brick, bevel=0)
        box((0.7, 0.7, h), (sx * 6.6, back - 0.35, h / 2), brick, bevel=0.01)
    box((20, 0.3, h), (0, -12, h / 2), plaster_mat('loft-front', (0.6, 0.6, 0.58), streaks=False), bevel=0)
    frames = Batch(simple_mat('window-steel', (0.035, 0.037, 0.04), 0.45, metallic=0.6), 'steel-windows')
    glass = arch_glass_mat('loft-glass', (0.88, 0.9, 0.88))
    outside = loft_outside_mat('loft-outside', 1.3)
    for x in wx:
        steel_window(frames, x, back + 0.3, wz0, ww, wh, 5, 8)
        plane(ww, wh, (x, back + 0.33, wz0 + wh / 2), glass, rot=(math.pi / 2, 0, 0))
        area_light((x, back + 0.2, wz0 + wh / 2), ww, 700, (0.9, 0.94, 1.0), size_y=wh, target=(x * 0.4, -4, 0.3))
    frames.done()
    plane(60, 20, (0, back + 12, 4), outside, rot=(math.pi / 2, 0, 0))
    # The soffit: whitewashed concrete on steel I-beams, a galvanised duct along the room.
    plane(20, 20, (0, back - 10, h), plaster_mat('loft-soffit', (0.7, 0.7, 0.68), streaks=False), rot=(math.pi, 0, 0))
    beam_m = simple_mat('loft-beam', (0.06, 0.065, 0.07), 0.5, metallic=0.4)
    for by in (-2.0, 2.0, 5.8):
        box((18.4, 0.18, 0.04), (0, by, h - 0.02), beam_m, bevel=0)
        box((18.4, 0.02, 0.36), (0, by, h - 0.2), beam_m, bevel=0)
        box((18.4, 0.18, 0.04), (0, by, h - 0.38), beam_m, bevel=0)
    duct = simple_mat('duct', (0.5, 0.52, 0.54), 0.32, metallic=0.9, grain=0.06, grain_scale=4)
    cylinder(0.3, 18.4, (0, 4.0, h - 0.75), duct, rot=(0, math.pi / 2, 0), verts=40)
    for dx in (-6, -3, 0, 3, 6):
        cylinder(0.31, 0.05, (dx, 4.0, h - 0.75), duct, rot=(0, math.pi / 2, 0), verts=40)
        cylinder(0.008, 0.45, (dx, 4.0, h - 0.22), beam_m, verts=6)
    # Old cast-iron radiators under the side windows, on a painted heating pipe along the wall.
    paint = simple_mat('radiator-paint', (0.55, 0.55, 0.53), 0.45, grain=0.06)
    rad = Batch(paint, 'radiators')
    for x in (wx[0], wx[2]):
        for k in range(16):
            rad.box((0.05, 0.2, 0.62), (x - 0.6 + k * 0.08, back - 0.16, 0.47))
        rad.box((1.3, 0.05, 0.04), (x, back - 0.16, 0.2))
    rad.done()
    cylinder(0.025, 17.0, (0, back - 0.05, 0.12), paint, rot=(0, math.pi / 2, 0), verts=12)
    softbox_stand(3.9, 2.6, 1.9, 0.8, 1.2, (0, 0, 0.5), 90, face_mat=diffuser_mat('loft-softbox', 2.0, 0.65))
    world_grad((0.3, 0.31, 0.33), (0.4, 0.42, 0.45), 0.6)
    area_light((0, -9, 3.5), 8.0, 700, (1.0, 0.98, 0.95), size_y=3.0, target=(0, 0, 0.8))
    key(0, 35, 0.85, (0.92, 0.95, 1.0))
    camera(focal=35, fstop=4.0, distance=7.5)
    render_settings(exposure=-1.6, adaptive=0.015)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def flake_epoxy_mat(name):
    """A garage floor in flake epoxy (session 8, private garage): fully broadcast vinyl chips a few mm
    across in charcoal, greys, white and tan (crisp cells, not a blur), a large-scale tone drift, a satin
    clear topcoat whose sheen varies (dull where cars stand and turn) and a faint per-chip relief."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    vor = nt.nodes.new('ShaderNodeTexVoronoi')
    vor.inputs['Scale'].default_value = 110.0
    link(nt, c, vor.inputs['Vector'])
    bw = nt.nodes.new('ShaderNodeRGBToBW')
    link(nt, vor.outputs['Color'], bw.inputs[0])
    chips = ramp(nt, bw.outputs[0], [(0.0, (0.045, 0.045, 0.05)), (0.3, (0.16, 0.16, 0.17)), (0.55, (0.3, 0.3, 0.3)),
                                     (0.75, (0.5, 0.47, 0.42)), (0.9, (0.72, 0.72, 0.7))])
    chips.node.color_ramp.interpolation = 'CONSTANT'
    tone = ramp(nt, noise(nt, c, 0.25, 4, 0.5), [(0.3, (0.9, 0.9, 0.9)), (0.7, (1.06, 1.06, 1.06))])
    col = mix_rgb(nt, 1.0, chips, tone, 'MULTIPLY')
    dull = ramp(nt, noise(nt, c, 0.6, 4, 0.55), [(0.35, (0, 0, 0)), (0.75, (1, 1, 1))])
    rgh = math_node(nt, 'ADD', 0.16, math_node(nt, 'MULTIPLY', dull, 0.14))
    nrm = bump(nt, vor.outputs['Distance'], 0.05, 0.002)
    nrm = bump(nt, noise(nt, c, 0.8, 3, 0.5), 0.03, 0.02, normal=nrm)
    principled(nt, out, col, rgh, 0.5, 0.0, nrm)
    meta['floor'] = {'gloss': 0.3, 'roughness': 0.22, 'kind': 'epoxy'}
    return m


def s_private_garage():
    """A clean modern double garage (session 8; was `s_garage(False)`, a grey box with floating LED lines):
    flake-epoxy floor turned up the walls as a 10 cm skirting, plastered walls scuffed near the floor, a
    white ceiling with recessed LED panels (seen, and lighting the room as area lamps the floor reflects),
    a frosted clerestory window in the back wall, tall anthracite storage cabinets on the left, and on the
    right a grey slatwall with a hose reel and a wall charger, winter tyres stacked beside it. Side walls
    close the frame's edges."""
    back, side, h = 3.0, 4.3, 2.9
    wall = plaster_mat('garage-wall', (0.8, 0.79, 0.76), 0.85, streaks=False)
    ceil = simple_mat('garage-ceiling', (0.86, 0.86, 0.85), 0.9, grain=0.03)
    plane(40, 40, (0, 0, 0), flake_epoxy_mat('flake-epoxy'))
    box((2 * side + 0.6, 0.3, h), (0, back + 0.15, h / 2), wall, bevel=0)
    for sx in (-1, 1):
        box((0.3, 14, h), (sx * (side + 0.15), back - 7, h / 2), wall, bevel=0)
    box((2 * side + 0.6, 0.3, h), (0, -9.5, h / 2), wall, bevel=0)
    box((2 * side + 0.6, 14, 0.2), (0, back - 7, h + 0.1), ceil, bevel=0)
    skirt = flake_epoxy_mat('skirting')
    box((2 * side, 0.02, 0.1), (0, back - 0.01, 0.05), skirt, bevel=0.003)
    # Recessed LED panels: seen by the camera, their light from area lamps of the same size.
    em = no_light_sampling(emission_mat('led-panel', (1.0, 0.98, 0.95), 9.0))
    trim = simple_mat('panel-trim', (0.8, 0.8, 0.8), 0.4)
    for py in (-2.8, 0.6):
        for px in (-2.4, 0.0, 2.4):
            box((1.24, 0.64, 0.02), (px, py, h - 0.005), trim, bevel=0)
            camera_only(plane(1.2, 0.6, (px, py, h - 0.02), em, rot=(math.pi, 0, 0)))
            area_light((px, py, h - 0.03), 1.2, 260, (1.0, 0.98, 0.95), size_y=0.6, target=(px, py, 0))
    # Frosted clerestory window: daylight through it, the glass a soft bright mottle in an anthracite frame.
    frame = simple_mat('window-frame', (0.07, 0.07, 0.075), 0.4, metallic=0.3)
    fm = frosted_mat('frosted', 1.2, (0.78, 0.82, 0.86), (0.95, 0.97, 1.0), 2.2)
    camera_only(plane(3.6, 0.55, (0.6, back - 0.005, 2.3), no_light_sampling(fm), rot=(math.pi / 2, 0, 0)))
    for fz in (2.0, 2.6):
        box((3.8, 0.08, 0.06), (0.6, back - 0.04, fz), frame, bevel=0.004)
    for fx in (-1.23, 0.6, 2.43):
        box((0.06, 0.08, 0.66), (fx, back - 0.04, 2.3), frame, bevel=0.004)
    area_light((0.6, back - 0.1, 2.3), 3.6, 220, (0.92, 0.95, 1.0), size_y=0.55, target=(0.6, -3, 0.6))
    # Tall storage cabinets on the left, doors with gaps and bar handles.
    cab = simple_mat('cabinet', (0.09, 0.095, 0.1), 0.35, metallic=0.4, grain=0.03)
    steel = simple_mat('handle', (0.6, 0.6, 0.62), 0.25, metallic=1.0)
    box((3.0, 0.55, 0.08), (-2.75, back - 0.3, 0.04), simple_mat('plinth', (0.03, 0.03, 0.03), 0.6), bevel=0)
    for i in range(4):
        x = -4.1 + 0.37 + i * 0.75
        box((0.74, 0.55, 2.1), (x, back - 0.3, 0.08 + 1.05), cab, bevel=0.006)
        hx = x + (0.3 if i % 2 == 0 else -0.3)
        box((0.02, 0.03, 0.35), (hx, back - 0.6, 1.15), steel, bevel=0.004)
    # Slatwall on the right with a hose reel and a wall charger, tyres stacked on the floor.
    slat = simple_mat('slatwall', (0.55, 0.56, 0.57), 0.5, grain=0.03)
    for j in range(9):
        box((2.3, 0.03, 0.1), (2.9, back - 0.02, 1.0 + j * 0.12), slat, bevel=0.006)
    reel = simple_mat('hose', (0.05, 0.2, 0.07), 0.5)
    bpy.ops.mesh.primitive_torus_add(major_radius=0.2, minor_radius=0.05, location=(3.6, back - 0.12, 1.7),
                                     rotation=(math.pi / 2, 0, 0))
    bpy.context.active_object.data.materials.append(reel)
    box((0.22, 0.12, 0.34), (2.3, back - 0.06, 1.5), simple_mat('charger', (0.85, 0.85, 0.86), 0.3), bevel=0.02)
    camera_only(plane(0.05, 0.01, (2.3, back - 0.125, 1.58), emission_mat('charger-led', (0.2, 1.0, 0.4), 6.0),
                      rot=(math.pi / 2, 0, 0)))
    rubber = simple_mat('tyre', (0.025, 0.025, 0.027), 0.75, grain=0.05)
    for t in range(3):
        bpy.ops.mesh.primitive_torus_add(major_radius=0.23, minor_radius=0.095,
                                         location=(3.75, back - 0.45, 0.1 + t * 0.2))
        bpy.ops.object.shade_smooth()
        bpy.context.active_object.data.materials.append(rubber)
    world_grad((0.05, 0.05, 0.05), (0.08, 0.08, 0.08), 1.0)
    key(0, 75, 0.75, (1, 0.98, 0.95))
    camera(fstop=4.0, focal=35, distance=6.5)
    render_settings(exposure=-1.6, look='Medium High Contrast')
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def workshop_floor_mat(name, base=(0.2, 0.2, 0.198), rough=0.38, arcs=(), clean_r=2.4):
    """Sealed concrete as a working garage has it (session 9, service workshop): a tone that drifts over
    metres and clouds at trowel scale, oil stains (dark, soft-edged, glossier where the oil sits) and drip
    spots, tyre arcs where cars were driven in and turned, dust, and a sealer whose sheen varies. Stains
    are fainter within `clean_r` of the origin so nothing reads as the pasted car's own shadow."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    drift = ramp(nt, noise(nt, c, 0.12, 3, 0.5), [(0.25, tuple(v * 0.88 for v in base)), (0.75, tuple(v * 1.1 for v in base))])
    cloud = noise(nt, _stretch(nt, c, 1.0, 1.5, 1.0, 25.0), 0.9, 5, 0.6)
    col = mix_rgb(nt, 1.0, drift, ramp(nt, cloud, [(0.3, (0.92, 0.92, 0.92)), (0.7, (1.05, 1.05, 1.04))]), 'MULTIPLY')
    trowel = noise(nt, _stretch(nt, c, 1.0, 3.0, 1.0, -15.0), 4.0, 5, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, trowel, [(0.3, (0.97, 0.97, 0.97)), (0.7, (1.02, 1.02, 1.02))]), 'MULTIPLY')
    near = ramp(nt, math_node(nt, 'DIVIDE', _xy_dist(nt, c, 0.0, 0.0), clean_r), [(0.6, (0.3, 0.3, 0.3)), (1.0, (1, 1, 1))])
    # Oil: large stains where cars stood (a slow noise cut high, its edge distorted) and drips.
    stain = ramp(nt, noise(nt, c, 0.45, 5, 0.62, distortion=0.6), [(0.58, (0, 0, 0)), (0.66, (1, 1, 1))])
    drips = ramp(nt, noise(nt, c, 3.2, 3, 0.5), [(0.66, (0, 0, 0)), (0.7, (1, 1, 1))])
    drips = math_node(nt, 'MULTIPLY', drips, ramp(nt, noise(nt, c, 0.3, 2, 0.5), [(0.45, (0, 0, 0)), (0.6, (1, 1, 1))]))
    oil = math_node(nt, 'MULTIPLY', math_node(nt, 'MAXIMUM', math_node(nt, 'MULTIPLY', stain, 0.8), drips), near)
    col = mix_rgb(nt, oil, col, tuple(v * 0.3 for v in base))
    wob = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.8, 2, 0.5), 0.5), 0.25)
    marks = math_node(nt, 'MULTIPLY', _tyre_arcs(nt, c, arcs, wob), near) if arcs else None
    if marks is not None:
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', marks, 1.6, clamp=True), col, tuple(v * 0.45 for v in base))
    dust = ramp(nt, noise(nt, c, 0.7, 4, 0.55), [(0.55, (0, 0, 0)), (0.85, (0.35, 0.35, 0.35))])
    col = mix_rgb(nt, dust, col, (0.5, 0.49, 0.46))
    sheen = ramp(nt, noise(nt, c, 0.5, 4, 0.55), [(0.3, (0, 0, 0)), (0.7, (1, 1, 1))])
    rgh = math_node(nt, 'ADD', rough - 0.08, math_node(nt, 'MULTIPLY', sheen, 0.16))
    rgh = math_node(nt, 'SUBTRACT', rgh, math_node(nt, 'MULTIPLY', oil, 0.2))
    rgh = math_node(nt, 'ADD', rgh, math_node(nt, 'MULTIPLY', dust, 0.5))
    nrm = bump(nt, noise(nt, c, 0.6, 3, 0.5), 0.04, 0.03)
    nrm = bump(nt, noise(nt, c, 90, 2, 0.5), 0.02, 0.002, normal=nrm)
    principled(nt, out, col, rgh, 0.5, 0.0, nrm)
    meta['floor'] = {'gloss': round(max(0.05, 0.5 - rough), 2), 'roughness': rough, 'kind': 'sealed-concrete'}
    return m


def tyre(loc, axis, r=0.32, width=0.21, mat=None, rim=None):
    """A tyre (a bevelled cylinder with tread grooves round it), on a steel rim if `rim`; `axis` 'X', 'Y'
    or 'Z' is its axle."""
    rot = {'X': (0, math.pi / 2, 0), 'Y': (math.pi / 2, 0, 0), 'Z': (0, 0, 0)}[axis]
    t = cylinder(r, width, loc, mat, rot=rot, verts=40)
    b = t.modifiers.new('bevel', 'BEVEL')
    b.width = 0.05
    b.segments = 3
    if rim is not None:
        cylinder(r * 0.58, width + 0.01, loc, rim, rot=rot, verts=32)
    return t


def two_post_lift(x0, x1, y, paint, steel, rubber):
    """An empty two-post car lift: columns on base plates with their carriages down, swing arms folded
    along the floor, the overhead beam with the hydraulic hose, and the power unit on one column."""
    h = 4.1
    for i, x in enumerate((x0, x1)):
        box((0.34, 0.3, h), (x, y, h / 2), paint, bevel=0.012)
        box((0.7, 0.6, 0.02), (x, y, 0.01), steel, bevel=0.004)
        box((0.26, 0.2, 0.5), (x - 0.02 * (1 if i else -1), y - 0.22, 0.5), steel, bevel=0.01)
        inward = 1 if i == 0 else -1
        for k, swing in enumerate((-0.35, 0.55)):
            a = swing * inward
            lx = 0.95
            cx = x + inward * math.cos(a) * lx / 2
            cy = y - 0.25 + math.sin(a) * lx / 2 * inward
            box((lx, 0.13, 0.1), (cx, cy, 0.16), paint, bevel=0.008, rot=(0, 0, a))
            px, py = x + inward * math.cos(a) * lx, y - 0.25 + math.sin(a) * lx * inward
            cylinder(0.07, 0.05, (px, py, 0.235), rubber, verts=16)
    box((x1 - x0 + 0.34, 0.2, 0.22), ((x0 + x1) / 2, y, h - 0.11), paint, bevel=0.01)
    box((0.24, 0.22, 0.34), (x1 + 0.3, y, 1.5), simple_mat('lift-motor', (0.05, 0.05, 0.055), 0.45, metallic=0.3), bevel=0.02)
    cylinder(0.07, 0.36, (x1 + 0.3, y, 1.85), steel, verts=16)
    wire([(x0, y - 0.1, h - 0.24), ((x0 + x1) / 2, y - 0.12, h - 0.32), (x1, y - 0.1, h - 0.24)], 0.012, rubber, 'hose')


def tool_chest(x, y, w, red, steel, dark):
    """A red roll cabinet with a top chest: drawer fronts with gaps between them (the dark body shows) and
    a long bright handle on each, on castors."""
    box((w, 0.5, 0.92), (x, y, 0.14 + 0.46), dark, bevel=0.01)
    fronts = Batch(red, 'chest-fronts')
    handles = Batch(steel, 'chest-handles')
    z = 0.16
    for hgt in (0.26, 0.2, 0.14, 0.1, 0.1, 0.08):
        fronts.box((w - 0.02, 0.02, hgt - 0.012), (x, y - 0.255, z + hgt / 2))
        handles.box((w - 0.12, 0.025, 0.012), (x, y - 0.275, z + hgt - 0.03))
        z += hgt
    fronts.box((w, 0.5, 0.06), (x, y, 1.09))
    fronts.box((w - 0.04, 0.46, 0.34), (x, y + 0.02, 1.29))
    fronts.box((w - 0.02, 0.44, 0.08), (x, y + 0.02, 1.5))
    z = 1.13
    for hgt in (0.1, 0.08, 0.08, 0.08):
        handles.box((w - 0.12, 0.02, 0.01), (x, y - 0.22, z + hgt - 0.025))
        z += hgt
    fronts.done()
    handles.done()
    for cx in (x - w / 2 + 0.08, x + w / 2 - 0.08):
        for cy in (y - 0.18, y + 0.18):
            cylinder(0.05, 0.035, (cx, cy, 0.05), dark, rot=(0, math.pi / 2, 0), verts=12)


def s_service_garage():
    """A working car service workshop (session 9; was `s_garage(True)`, a grey box with a red cabinet and a
    tyre): sealed concrete with oil stains and tyre arcs, painted block walls with a grey dado, a closed
    roller door behind the car, a two-post lift on the right, red tool chests and a workbench under a
    pegboard of tools on the left, a tyre rack, fittings on the wall (session 15: no sign or posters),
    fluorescent battens on chains over the room and a frosted clerestory letting in daylight."""
    back, h = 6.5, 5.2
    block = brick_mat('block-wall', (0.62, 0.62, 0.6), mortar=(0.55, 0.55, 0.53), unit=(0.39, 0.19), joint=0.008)
    dado = brick_mat('block-dado', (0.2, 0.24, 0.27), mortar=(0.18, 0.21, 0.24), unit=(0.39, 0.19), joint=0.008)
    plane(40, 40, (0, 0, 0), workshop_floor_mat('workshop-floor', arcs=((-6.5, -3.0, 5.5, 0.6), (7.0, 1.0, 6.0, 0.5),
                                                                       (-2.0, 9.0, 7.0, 0.45))))
    box((16, 0.3, h), (0, back + 0.15, h / 2), block, bevel=0)
    box((16, 0.012, 1.2), (0, back - 0.006, 0.6), dado, bevel=0)
    for sx in (-1, 1):
        box((0.3, 20, h), (sx * 8.0, back - 10, h / 2), block, bevel=0)
    box((16, 0.3, h), (0, -11, h / 2), block, bevel=0)
    deck = ribbed_mat('roof-deck', (0.55, 0.56, 0.57), period=0.2, rough=0.5, metallic=0.4, axis='X')
    box((16, 20, 0.1), (0, back - 10, h + 0.05), deck, bevel=0)
    steel = simple_mat('workshop-steel', (0.5, 0.51, 0.53), 0.3, metallic=1.0)
    girder = simple_mat('girder', (0.16, 0.17, 0.18), 0.5, metallic=0.3)
    for gy in (-2.0, 2.5):
        box((16, 0.18, 0.45), (0, gy, h - 0.23), girder, bevel=0.005)
    # Roller door (closed) behind the car: its slats, guide rails and the drum housing above.
    box((3.6, 0.05, 3.9), (0, back - 0.04, 1.95), ribbed_mat('roller-door', (0.42, 0.44, 0.45), period=0.09, rough=0.4,
                                                           metallic=0.5), bevel=0)
    for rx in (-1.85, 1.85):
        box((0.1, 0.12, 4.0), (rx, back - 0.06, 2.0), girder, bevel=0.005)
    box((3.9, 0.45, 0.5), (0, back - 0.22, 4.15), girder, bevel=0.01)
    box((3.6, 0.06, 0.04), (0, back - 0.08, 0.02), simple_mat('door-seal', (0.02, 0.02, 0.02), 0.7), bevel=0)
    hz = hazard_sleeve_mat()
    for bx in (-2.2, 2.2):
        cylinder(0.09, 1.1, (bx, back - 0.35, 0.55), hz, verts=20)
    # Frosted clerestory: daylight through wired glass high in the back wall.
    fm = no_light_sampling(frosted_mat('clerestory', 1.0, (0.8, 0.84, 0.88), (0.96, 0.98, 1.0), 2.4))
    frame = simple_mat('window-frame', (0.12, 0.13, 0.13), 0.45, metallic=0.5)
    for wx in (-5.0, 5.0):
        camera_only(plane(3.4, 0.8, (wx, back - 0.005, 4.6), fm, rot=(math.pi / 2, 0, 0)))
        for fz in (4.18, 5.02):
            box((3.5, 0.08, 0.05), (wx, back - 0.04, fz), frame, bevel=0.004)
        for k in range(5):
            box((0.05, 0.08, 0.88), (wx - 1.72 + k * 0.86, back - 0.04, 4.6), frame, bevel=0.004)
        area_light((wx, back - 0.1, 4.6), 3.4, 260, (0.9, 0.94, 1.0), size_y=0.8, target=(wx * 0.5, -2, 0.5))
    # Fluorescent twin battens on chains; each row lit by one long area lamp in its place.
    tube = no_light_sampling(emission_mat('tube', (1.0, 0.98, 0.94), 14.0))
    body = simple_mat('batten', (0.75, 0.75, 0.74), 0.4)
    chain = simple_mat('chain', (0.3, 0.3, 0.3), 0.4, metallic=1.0)
    for ry in (-3.0, 1.0, 5.0):
        for rx in (-6.0, -3.0, 0.0, 3.0, 6.0):
            z = h - 0.9
            box((1.55, 0.16, 0.07), (rx, ry, z + 0.035), body, bevel=0.01)
            for ty in (-0.035, 0.035):
                camera_only(cylinder(0.013, 1.5, (rx, ry + ty, z - 0.012), tube, rot=(0, math.pi / 2, 0), verts=10))
            for cx in (-0.6, 0.6):
                cylinder(0.006, 0.82, (rx + cx, ry, z + 0.48), chain, verts=6)
        area_light((0, ry, h - 0.93), 13.5, 1800, (1.0, 0.98, 0.94), size_y=0.12, target=(0, ry, 0))
    # The lift on the right, empty, its arms folded.
    lift_paint = simple_mat('lift-paint', (0.05, 0.1, 0.16), 0.35, metallic=0.2, grain=0.06)
    rubber = simple_mat('rubber', (0.025, 0.025, 0.027), 0.75, grain=0.05)
    two_post_lift(2.3, 5.0, 4.6, lift_paint, steel, rubber)
    # Left: two red tool chests and a workbench under a pegboard of tools.
    red = simple_mat('chest-red', (0.42, 0.025, 0.02), 0.3, metallic=0.2, grain=0.05)
    dark = simple_mat('chest-body', (0.03, 0.03, 0.032), 0.5)
    tool_chest(-3.0, back - 0.3, 1.15, red, steel, dark)
    tool_chest(-4.3, back - 0.3, 0.8, red, steel, dark)
    bx0, bx1 = -7.6, -5.0
    box((bx1 - bx0, 0.75, 0.05), ((bx0 + bx1) / 2, back - 0.4, 0.9), simple_mat('bench-top', (0.32, 0.2, 0.11), 0.6,
                                                                         grain=0.15, grain_scale=4), bevel=0.004)
    for lx in (bx0 + 0.08, bx1 - 0.08):
        for ly in (back - 0.72, back - 0.08):
            box((0.05, 0.05, 0.88), (lx, ly, 0.44), girder, bevel=0.003)
    box((bx1 - bx0 - 0.1, 0.7, 0.02), ((bx0 + bx1) / 2, back - 0.4, 0.15), girder, bevel=0.003)
    box((0.5, 0.6, 0.55), (bx1 - 0.4, back - 0.4, 0.6), simple_mat('drawers', (0.22, 0.23, 0.24), 0.4, metallic=0.3), bevel=0.006)
    box((0.22, 0.14, 0.14), (bx1 - 0.25, back - 0.68, 1.0), lift_paint, bevel=0.01)
    box((0.5, 0.25, 0.2), (bx0 + 0.8, back - 0.3, 1.02), red, bevel=0.01)
    bins = simple_mat('bins', (0.55, 0.4, 0.04), 0.5)
    for k in range(5):
        box((0.14, 0.25, 0.1), (bx0 + 1.5 + k * 0.16, back - 0.2, 0.98), bins, bevel=0.006)
    board = simple_mat('pegboard', (0.5, 0.42, 0.3), 0.8, grain=0.08, grain_scale=6)
    box((bx1 - bx0 - 0.2, 0.02, 1.2), ((bx0 + bx1) / 2, back - 0.02, 1.75), board, bevel=0)
    rng = random.Random(91)
    tools = Batch(steel, 'tools')
    grips = Batch(simple_mat('grips', (0.5, 0.05, 0.03), 0.5), 'grips')
    grips2 = Batch(simple_mat('grips2', (0.6, 0.45, 0.02), 0.5), 'grips2')
    x = bx0 + 0.25
    while x < bx1 - 0.3:
        n = rng.randint(6, 9)
        for k in range(n):
            ln = 0.16 + 0.22 * k / n + rng.uniform(-0.02, 0.02)
            tools.box((0.024, 0.012, ln), (x + k * 0.045, back - 0.04, 2.22 - ln / 2))
        x += n * 0.045 + 0.1
        for k in range(rng.randint(4, 6)):
            (grips if k % 2 else grips2).box((0.032, 0.035, 0.11), (x + k * 0.055, back - 0.05, 1.62))
            tools.box((0.009, 0.01, 0.16), (x + k * 0.055, back - 0.04, 1.485))
        tools.box((0.03, 0.03, 0.3), (x + 0.05, back - 0.05, 2.02))
        tools.box((0.12, 0.04, 0.04), (x + 0.05, back - 0.05, 2.17))
        x += 0.42
    # A shelf over the pegboard with oil cans and boxes.
    box((bx1 - bx0 - 0.2, 0.3, 0.03), ((bx0 + bx1) / 2, back - 0.15, 2.45), girder, bevel=0.003)
    cans = [Batch(simple_mat('can%d' % i, col, 0.4), 'cans%d' % i)
            for i, col in enumerate(((0.05, 0.15, 0.45), (0.7, 0.5, 0.03), (0.45, 0.04, 0.03), (0.06, 0.06, 0.06)))]
    x = bx0 + 0.2
    while x < bx1 - 0.4:
        w = rng.choice((0.12, 0.12, 0.2, 0.3))
        hh = rng.uniform(0.15, 0.3)
        rng.choice(cans).box((w, 0.14 if w < 0.2 else 0.25, hh), (x + w / 2, back - 0.15, 2.465 + hh / 2))
        x += w + rng.uniform(0.01, 0.06)
    for c_ in cans:
        c_.done()
    tools.done()
    grips.done()
    grips2.done()
    # Tyres: a two-tier rack in the right corner, tyres upright in it; a stack by the lift.
    tread = ribbed_mat('tread', (0.035, 0.035, 0.037), period=0.03, rough=0.7, metallic=0.0, axis='X')
    rim = simple_mat('rim', (0.55, 0.56, 0.58), 0.25, metallic=1.0)
    rx0, rx1 = 5.65, 7.0
    for rz in (0.25, 1.2):
        box((rx1 - rx0, 0.5, 0.04), ((rx0 + rx1) / 2, back - 0.3, rz), girder, bevel=0.004)
    for px in (rx0, rx1):
        for py in (back - 0.55, back - 0.05):
            box((0.04, 0.04, 2.2), (px, py, 1.1), girder, bevel=0.003)
    for k in range(5):
        tyre((rx0 + 0.16 + k * 0.25, back - 0.3, 0.27 + 0.32), 'X', mat=tread)
    for k in range(4):
        tyre((rx0 + 0.16 + k * 0.25 + 0.12, back - 0.3, 1.22 + 0.32), 'X', mat=tread)
    for k in range(4):
        tyre((6.2, back - 1.5, 0.105 + k * 0.215), 'Z', mat=tread, rim=rim if k == 3 else None)
    # A drainage channel across the room behind the car, its steel grating a little rusty.
    grate = ribbed_mat('grating', (0.2, 0.17, 0.14), period=0.02, rough=0.6, metallic=0.6, axis='X')
    box((16, 0.16, 0.01), (0, 3.2, 0.004), grate, bevel=0)
    # An air-hose reel on the wall by the lift, its hose hanging down.
    hose = simple_mat('air-hose', (0.6, 0.42, 0.02), 0.5)
    bpy.ops.mesh.primitive_torus_add(major_radius=0.22, minor_radius=0.07, location=(3.6, back - 0.12, 2.6),
                                     rotation=(math.pi / 2, 0, 0))
    bpy.ops.object.shade_smooth()
    bpy.context.active_object.data.materials.append(hose)
    wire([(3.6, back - 0.2, 2.38), (4.05, back - 0.3, 1.6), (4.2, back - 0.35, 1.1)], 0.01, hose, 'air-hose')
    # Clutter at the edges: an oil drum, a waste-oil drainer, a trolley jack.
    cylinder(0.29, 0.88, (-6.9, back - 1.3, 0.44), ribbed_mat('drum', (0.04, 0.12, 0.3), period=0.3, rough=0.4,
                                                             metallic=0.3), verts=32)
    cylinder(0.3, 0.1, (5.2, 2.2, 0.95), simple_mat('drainer', (0.6, 0.45, 0.03), 0.45), verts=24)
    cylinder(0.025, 0.9, (5.2, 2.2, 0.45), steel, verts=8)
    jack = box((0.35, 1.0, 0.16), (-4.2, 1.6, 0.13), red, bevel=0.02, rot=(0, 0, 0.35))
    cylinder(0.02, 1.1, (-4.45, 2.4, 0.5), steel, rot=(0.9, 0, 0.35), verts=8)
    # Session 15: the painted SERVİS sign and the tyre-advert posters (lettering and a drawn tyre glyph read
    # as a generated scene) give way to what a workshop wall carries anyway.
    s15N_workshop_wall(back, steel)
    world_grad((0.04, 0.04, 0.04), (0.06, 0.06, 0.065), 1.0)
    key(0, 70, 0.8, (1.0, 0.98, 0.94))
    camera(fstop=4.0, focal=35, distance=7.0)
    render_settings(exposure=-2.9, look='Medium High Contrast')
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def s15N_workshop_wall(back, steel):
    """The service garage's back wall fittings (session 15, in place of a sign and posters): fan belts hung
    on a rail over the pegboard, a louvred panel of blue, red and yellow parts bins, a grey steel
    distribution board with its conduits running up to the roof and a red-handled isolator below it, and
    the compressed-air main along the wall behind the tyre rack with a drop to a filter-regulator: things
    with shape, colour and shadow, and nothing to read."""
    rubber = simple_mat('s15N-belt', (0.02, 0.02, 0.021), 0.6, grain=0.15, grain_scale=30)
    cylinder(0.012, 1.5, (-5.3, back - 0.12, 3.35), steel, rot=(0, math.pi / 2, 0), verts=8)
    rng = random.Random(1515)
    for k in range(9):
        x = -5.95 + k * 0.16 + rng.uniform(-0.02, 0.02)
        r = rng.uniform(0.1, 0.22)
        cylinder(0.008, 0.12, (x, back - 0.07, 3.35), steel, rot=(math.pi / 2, 0, 0), verts=6)
        bpy.ops.mesh.primitive_torus_add(major_radius=r, minor_radius=0.011, major_segments=48, minor_segments=6,
                                         location=(x, back - 0.1 - k * 0.006, 3.36 - r * 1.35),
                                         rotation=(math.pi / 2, 0, rng.uniform(-0.25, 0.25)))
        o = bpy.context.active_object
        o.scale = (0.3, 1.35, 1.0)  # a belt hangs as a narrow loop from its peg
        o.data.materials.append(rubber)
    # A louvred panel of stacking parts bins (where the posters hung: the wall keeps its colour).
    louvre = simple_mat('s15N-louvre', (0.12, 0.2, 0.35), 0.45, metallic=0.4, grain=0.05)
    box((1.0, 0.03, 0.9), (-3.55, back - 0.015, 2.4), louvre, bevel=0.004)
    bins = [simple_mat('s15N-bin%d' % i, c, 0.45, grain=0.06) for i, c in
            enumerate(((0.03, 0.12, 0.4), (0.55, 0.03, 0.02), (0.7, 0.5, 0.02)))]
    for row, z in enumerate((2.05, 2.35, 2.65)):
        w = (0.24, 0.18, 0.14)[row]  # bigger bins low down
        nb = int(0.92 / (w + 0.01))
        for k in range(nb):
            bx = -3.55 - 0.46 + (k + 0.5) * 0.92 / nb
            box((w, 0.22, 0.15 - 0.02 * row), (bx, back - 0.14, z), bins[(row + (k == nb - 1)) % 3], bevel=0.01,
                rot=(rng.uniform(-0.03, 0.03), 0, rng.uniform(-0.04, 0.04)))
    # The distribution board with its conduits up to the roof, and the isolator under it.
    grey = simple_mat('s15N-db', (0.5, 0.51, 0.5), 0.45, metallic=0.3, grain=0.08, grain_scale=5)
    box((0.45, 0.18, 0.65), (-2.6, back - 0.09, 2.45), grey, bevel=0.012)
    box((0.41, 0.01, 0.6), (-2.6, back - 0.185, 2.45), grey, bevel=0.004)  # the door
    box((0.02, 0.02, 0.1), (-2.42, back - 0.2, 2.45), simple_mat('s15N-db-lock', (0.05, 0.05, 0.05), 0.4), bevel=0.003)
    pvc = simple_mat('s15N-conduit', (0.62, 0.62, 0.6), 0.5)
    for cx in (-2.75, -2.62, -2.48):
        cylinder(0.012, 5.2 - 2.77, (cx, back - 0.03, (2.77 + 5.2) / 2), pvc, verts=10)
    box((0.14, 0.1, 0.14), (-2.6, back - 0.05, 1.75), simple_mat('s15N-iso', (0.75, 0.6, 0.05), 0.45), bevel=0.01)
    box((0.03, 0.04, 0.11), (-2.6, back - 0.115, 1.75), simple_mat('s15N-iso-handle', (0.55, 0.04, 0.03), 0.4), bevel=0.006,
        rot=(0, 0.6, 0))
    cylinder(0.012, 2.12 - 1.82, (-2.6, back - 0.05, (1.82 + 2.12) / 2), pvc, verts=10)
    galv = simple_mat('s15N-air-main', (0.45, 0.46, 0.45), 0.4, metallic=0.8, grain=0.1, grain_scale=6)
    cylinder(0.02, 3.0, (6.3, back - 0.08, 3.1), galv, rot=(0, math.pi / 2, 0), verts=12)
    cylinder(0.015, 0.8, (6.1, back - 0.08, 2.7), galv, verts=12)
    cylinder(0.045, 0.2, (6.1, back - 0.1, 2.22), simple_mat('s15N-regulator', (0.55, 0.56, 0.6), 0.2, metallic=0.2), verts=16)
    box((0.1, 0.08, 0.1), (6.1, back - 0.1, 2.38), galv, bevel=0.01)
    cylinder(0.03, 0.03, (6.1, back - 0.15, 2.38), simple_mat('s15N-gauge', (0.8, 0.8, 0.78), 0.2), rot=(math.pi / 2, 0, 0), verts=16)


def needle_felt_mat(name, color):
    """Exhibition needle-felt carpet (session 9, fair stand): matt fibres, a tone that clouds over a metre
    or two, faint trodden paths darker and flatter, fluff in the bump only (as colour it reads as noise)."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    col = ramp(nt, noise(nt, c, 0.5, 4, 0.55), [(0.3, tuple(v * 0.93 for v in color)), (0.7, tuple(v * 1.06 for v in color))])
    trod = ramp(nt, noise(nt, _stretch(nt, c, 1.0, 0.4, 1.0, 10.0), 0.35, 3, 0.5), [(0.42, (1, 1, 1)), (0.68, (0.8, 0.8, 0.8))])
    col = mix_rgb(nt, 1.0, col, trod, 'MULTIPLY')
    # Heathered felt: a blotchy mottle a few centimetres across, the one texture that survives the distance.
    mottle = noise(nt, c, 14.0, 5, 0.65, distortion=0.4)
    col = mix_rgb(nt, 1.0, col, ramp(nt, mottle, [(0.38, (0.8, 0.8, 0.8)), (0.62, (1.15, 1.15, 1.15))]), 'MULTIPLY')
    fibre = noise(nt, c, 300, 3, 0.7)
    nrm = bump(nt, fibre, 0.25, 0.002)
    principled(nt, out, col, 0.95, 0.25, 0.0, bump(nt, mottle, 0.15, 0.004, normal=nrm))
    meta['floor'] = {'gloss': 0.0, 'roughness': 0.95, 'kind': 'carpet'}
    return m


def batch_truss(batch, x0, x1, y, z, size=0.29, bay=0.5):
    """A square aluminium box truss along X (four chords and zig-zag lacing on each face), into `batch`."""
    s = size / 2
    for dy in (-s, s):
        for dz in (-s, s):
            batch.box((x1 - x0, 0.05, 0.05), ((x0 + x1) / 2, y + dy, z + dz))
    n = int((x1 - x0) / bay)
    diag = math.hypot(bay, size)
    a = math.atan2(size, bay)
    for i in range(n):
        xm = x0 + (i + 0.5) * bay
        sgn = 1 if i % 2 else -1
        for dy in (-s, s):
            batch.box((diag, 0.02, 0.02), (xm, y + dy, z), rot_y=sgn * a)
        for dz in (-s, s):
            batch.box((diag, 0.02, 0.02), (xm, y, z + dz), rot_z=sgn * a)


def s11f_print_mat(name, stops, seed=0.0, falloff=None, emit=0.0, streak=True):
    """A printed fabric/foamboard panel (session 11): a diagonal gradient print with a soft light streak and
    blotchy tonal variation, the woven texture of stretched fabric, a faint crease bump; diffuse (it is lit
    by the hall, not glowing) unless `emit` > 0, where `falloff` (z0, z1) darkens it downward as a wash light
    from above would (a cheap stand-in for a lamp on far panels)."""
    m, nt, out = new_mat(name)
    uvc = coord(nt, 'UV')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, uvc, sep.inputs[0])
    u, v = sep.outputs['X'], sep.outputs['Y']
    diag = math_node(nt, 'ADD', math_node(nt, 'SUBTRACT', math_node(nt, 'MULTIPLY', u, 0.6), math_node(nt, 'MULTIPLY', v, 0.7)), 0.45)
    col = ramp(nt, diag, stops)
    if streak:
        off = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', v, math_node(nt, 'ADD', 0.25 + seed * 0.1, math_node(nt, 'MULTIPLY', u, 0.3))))
        st = ramp(nt, math_node(nt, 'MULTIPLY', off, 5.0), [(0.0, (0.5, 0.5, 0.5)), (0.6, (0.08, 0.08, 0.08)), (1.0, (0, 0, 0))])
        col = mix_rgb(nt, 1.0, col, st, 'ADD')
    ob = coord(nt, 'Object')
    blot = ramp(nt, noise(nt, ob, 0.8 + seed, 4, 0.6), [(0.3, (0.88, 0.88, 0.9)), (0.7, (1.04, 1.03, 1.02))])
    weave = ramp(nt, noise(nt, ob, 90.0, 2, 0.5), [(0.35, (0.94, 0.94, 0.94)), (0.65, (1.02, 1.02, 1.02))])
    col = mix_rgb(nt, 1.0, mix_rgb(nt, 1.0, col, blot, 'MULTIPLY'), weave, 'MULTIPLY')
    crease = noise(nt, math_node_vec_scale(nt, ob, (1.0, 1.0, 3.0)), 2.5, 3, 0.5)
    if emit > 0:
        if falloff:
            geo = nt.nodes.new('ShaderNodeNewGeometry')
            gs = nt.nodes.new('ShaderNodeSeparateXYZ')
            link(nt, geo.outputs['Position'], gs.inputs[0])
            f = ramp(nt, math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', gs.outputs['Z'], falloff[0]), falloff[1] - falloff[0]),
                     [(0.0, (0.25, 0.25, 0.25)), (0.7, (0.85, 0.85, 0.85)), (1.0, (1.1, 1.1, 1.1))])
            col = mix_rgb(nt, 1.0, col, f, 'MULTIPLY')
        e = nt.nodes.new('ShaderNodeEmission')
        link(nt, col, e.inputs['Color'])
        e.inputs['Strength'].default_value = emit
        link(nt, e.outputs[0], out.inputs['Surface'])
    else:
        principled(nt, out, col, 0.75, 0.3, 0.0, bump(nt, crease, 0.15, 0.01))
    return m


def s11f_visitor(rng, x, y, k):
    """A visitor far across the hall (out of focus, 12-35 m off): legs, a torso of a random jacket colour,
    arms, a head; height 1.6-1.9 m, turned any way. Crowds make a hall a hall."""
    hgt = rng.uniform(1.6, 1.9)
    yaw = rng.uniform(0, math.pi)
    jacket = simple_mat('s11f-jacket%d' % k, rng.choice([(0.03, 0.03, 0.035), (0.12, 0.12, 0.14), (0.05, 0.08, 0.15),
                                                         (0.35, 0.33, 0.3), (0.5, 0.08, 0.06), (0.6, 0.6, 0.58)]), 0.7)
    trousers = simple_mat('s11f-trousers%d' % k, rng.choice([(0.02, 0.02, 0.025), (0.06, 0.08, 0.14), (0.2, 0.18, 0.15)]), 0.7)
    skin = simple_mat('s11f-skin%d' % k, rng.choice([(0.36, 0.24, 0.17), (0.26, 0.17, 0.12), (0.42, 0.3, 0.22)]), 0.5)
    c, sn = math.cos(yaw), math.sin(yaw)
    leg = hgt * 0.47
    for side in (-1, 1):
        cylinder(0.075, leg, (x + side * 0.1 * c, y + side * 0.1 * sn, leg / 2), trousers, verts=8,
                 rot=(rng.uniform(-0.08, 0.08), 0, yaw))
    tor = hgt * 0.33
    box((0.44, 0.24, tor), (x, y, leg + tor / 2), jacket, bevel=0.08, rot=(0, 0, yaw))
    for side in (-1, 1):
        cylinder(0.055, tor * 0.95, (x + side * 0.27 * c, y + side * 0.27 * sn, leg + tor * 0.5), jacket, verts=8,
                 rot=(rng.uniform(-0.15, 0.15), side * 0.08, yaw))
    sphere(0.105, (x, y, leg + tor + 0.14), skin, subdiv=2)
    if rng.random() < 0.85:
        hair = simple_mat('s11f-hair%d' % k, rng.choice([(0.015, 0.012, 0.01), (0.05, 0.035, 0.02), (0.12, 0.11, 0.1)]), 0.6)
        sphere(0.108, (x - 0.02 * c, y - 0.02 * sn, leg + tor + 0.165), hair, subdiv=2)


def s11f_far_stand(rng, x, y, wallm, alu, cols, k):
    """One of the other stands across the hall (out of focus): a back wall of uneven height with a printed
    fabric panel (lit from above: its wash falls off downward), sometimes a side return, a counter with a
    dark top, a screen on a post, a roll-up banner, a hanging fabric sign above; sizes and tilts vary."""
    w = rng.uniform(4, 11)
    hh = rng.uniform(2.6, 4.8)
    yaw = rng.uniform(-0.06, 0.06)
    box((w, 0.25, hh), (x, y, hh / 2), wallm, bevel=0.01, rot=(0, 0, yaw))
    c1 = rng.choice(cols)
    c2 = tuple(min(1.0, a * rng.uniform(0.3, 0.7)) for a in c1)
    pm = s11f_print_mat('s11f-far%d' % k, [(0.1, c2), (0.6, c1), (0.95, (0.85, 0.85, 0.85))], seed=rng.random(),
                        falloff=(0.2, hh), emit=rng.uniform(0.6, 1.6), streak=rng.random() < 0.5)
    pw = w * rng.uniform(0.55, 0.9)
    camera_only(plane(pw, hh * rng.uniform(0.5, 0.8), (x + rng.uniform(-0.2, 0.2) * (w - pw), y - 0.14, hh * 0.55),
                      no_light_sampling(pm), rot=(math.pi / 2, 0, yaw)))
    if rng.random() < 0.5:
        sd = rng.uniform(2, 4)
        box((0.2, sd, hh * 0.9), (x + rng.choice((-1, 1)) * w / 2, y - sd / 2, hh * 0.45), wallm, bevel=0.01)
    top = simple_mat('s11f-ctop%d' % k, rng.choice([(0.03, 0.03, 0.035), (0.5, 0.35, 0.2), (0.7, 0.7, 0.7)]), 0.3)
    cw = rng.uniform(1.2, 2.4)
    cx = x + rng.uniform(-w / 3, w / 3)
    cy = y - rng.uniform(1.5, 4.0)
    box((cw, 0.6, 1.0), (cx, cy, 0.5), simple_mat('s11f-cbody%d' % k, rng.choice(cols), 0.4), bevel=0.02)
    box((cw + 0.1, 0.7, 0.04), (cx, cy, 1.02), top, bevel=0.005)
    if rng.random() < 0.6:
        sx = x + rng.uniform(-w / 2, w / 2)
        sy = y - rng.uniform(0.5, 3.0)
        cylinder(0.03, 1.4, (sx, sy, 0.7), alu, verts=8)
        box((1.3, 0.06, 0.75), (sx, sy, 1.75), simple_mat('s11f-bezel', (0.01, 0.01, 0.012), 0.2), bevel=0.005)
        scr = s11f_print_mat('s11f-scr%d' % k, [(0.1, (0.02, 0.03, 0.06)), (0.6, rng.choice(cols)), (0.9, (0.9, 0.9, 0.9))],
                             seed=rng.random(), emit=rng.uniform(1.5, 3.0), streak=True)
        camera_only(plane(1.22, 0.68, (sx, sy - 0.035, 1.75), no_light_sampling(scr), rot=(math.pi / 2, 0, 0)))
    if rng.random() < 0.6:
        bx = x + rng.uniform(-w / 2, w / 2)
        by = y - rng.uniform(1.0, 4.5)
        bm = s11f_print_mat('s11f-roll%d' % k, [(0.1, (0.92, 0.92, 0.9)), (0.7, rng.choice(cols)), (1.0, (0.1, 0.1, 0.1))],
                            seed=rng.random(), falloff=(0.0, 2.0), emit=rng.uniform(0.4, 0.9), streak=False)
        box((0.85, 0.25, 0.06), (bx, by, 0.03), alu, bevel=0.01)
        camera_only(plane(0.8, 2.0, (bx, by, 1.06), no_light_sampling(bm), rot=(math.pi / 2, 0, rng.uniform(-0.4, 0.4))))
    if rng.random() < 0.55:
        hw = rng.uniform(3, 7)
        hz = rng.uniform(6.0, 9.5)
        hm = s11f_print_mat('s11f-hang%d' % k, [(0.1, rng.choice(cols)), (0.8, (0.92, 0.92, 0.92))], seed=rng.random(),
                            falloff=(hz - 0.8, hz + 0.8), emit=rng.uniform(0.5, 1.2), streak=False)
        camera_only(plane(hw, rng.uniform(0.9, 1.6), (x, y - 1.0, hz), no_light_sampling(hm), rot=(math.pi / 2, 0, yaw * 2)))
        for dx in (-hw / 2.2, hw / 2.2):
            cylinder(0.006, 14.6 - hz, (x + dx, y - 1.0, hz + (14.6 - hz) / 2), alu, verts=4)


def s_sales_expo():
    """An auto-show stand in an exhibition hall (session 9; session 11 rebuilt the look: was a glowing blue
    billboard with typed text over a flat grey floor). The car on the stand's raised grey needle-felt
    platform (its aluminium edge runs across the frame in front of the car); behind it a physical printed
    brand wall (fabric print in an aluminium frame, a slatted timber panel casting shadows (session 15: was
    raised brand letters), lit by the truss's wash cans, not glowing); a box truss hung with spot cans aimed at the car; a reception counter, brochure rack
    and a screen totem at the sides; beyond, the dark hall: space-frame roof with high-bays, hanging lighting
    rigs on chains, and other stands (printed walls, counters, screens, roll-ups, hanging fabric signs) of
    uneven sizes receding into mist, out of focus."""
    edge = -2.6
    plane(200, 200, (0, 0, 0), satin_concrete_mat((0.16, 0.16, 0.165), rough=0.4, record=False))
    box((16.0, 9.0, 0.1), (0, edge + 4.5, 0.05), needle_felt_mat('stand-carpet', (0.2, 0.2, 0.205)), bevel=0.002)
    alu = simple_mat('alu', (0.7, 0.71, 0.73), 0.3, metallic=1.0, grain=0.02)
    box((16.0, 0.03, 0.1), (0, edge - 0.015, 0.05), alu, bevel=0.003)
    # Aisle carpet strip in front of the stand (the hall's grey runner, taped edge, scuffed).
    box((40.0, 2.2, 0.006), (0.3, edge - 1.6, 0.003), needle_felt_mat('s11f-aisle', (0.09, 0.1, 0.12)), bevel=0.001, rot=(0, 0, 0.004))
    # The brand wall: a charcoal build with a printed fabric panel in an aluminium frame, raised letters.
    back = 5.2
    wallm = simple_mat('backdrop-wall', (0.05, 0.05, 0.055), 0.6, grain=0.04)
    box((6.4, 0.4, 4.3), (1.4, back + 0.2, 2.15), simple_mat('s11f-brandwall', (0.55, 0.55, 0.56), 0.5, grain=0.05), bevel=0.01)
    pm = s11f_print_mat('s11f-brandprint', [(0.05, (0.5, 0.56, 0.64)), (0.45, (0.72, 0.75, 0.78)), (0.95, (0.86, 0.86, 0.85))], seed=0.3)
    plane(6.2, 3.75, (1.4, back - 0.012, 2.3), pm, rot=(math.pi / 2, 0, 0))
    for (dx, dz, sx, sz) in ((0, 1.885, 6.3, 0.04), (0, -1.885, 6.3, 0.04), (-3.13, 0, 0.04, 3.81), (3.13, 0, 0.04, 3.81)):
        box((sx, 0.035, sz), (1.4 + dx, back - 0.03, 2.3 + dz), alu, bevel=0.004)
    navy = simple_mat('s11f-letters', (0.02, 0.05, 0.14), 0.3, grain=0.02)
    # the print's navy base stripe
    plane(6.2, 0.6, (1.4, back - 0.016, 0.75), s11f_print_mat('s11f-stripe', [(0.0, (0.02, 0.05, 0.14)), (1.0, (0.05, 0.12, 0.3))], streak=False), rot=(math.pi / 2, 0, 0))
    # Session 15: no brand name on the wall (a made-up "AVENTA" read as a generated scene); a slatted
    # timber feature panel over the wall's left part gives the relief and the wash cans' shadows instead.
    s15N_expo_slats(-1.72, 0.55, back, 0.43, 4.17, navy)
    # Wash cans on the truss for the wall (it is a print, lit from the front and above).
    for x in (-0.2, 3.0):
        spot_light((x, 1.5, 3.6), 450, (x + 0.1, back, 2.2), angle_deg=75, blend=1.0, color=(1.0, 0.96, 0.9), radius=0.15)
        # Soft fill from the hall's back (was the light box's glow): dim, cool.
    area_light((1.4, back - 0.3, 3.0), 5.5, 250, (0.75, 0.82, 0.95), size_y=2.0, target=(0, 0, 0.5))
    # Truss over the stand's back with spot cans aimed at the car.
    truss = Batch(alu, 'truss')
    batch_truss(truss, -7.5, 7.5, 3.4, 4.3)
    truss.done()
    can = simple_mat('spot-can', (0.03, 0.03, 0.032), 0.4, metallic=0.3)
    lens = no_light_sampling(emission_mat('spot-lens', (1.0, 0.95, 0.88), 40.0))
    rng = random.Random(27)
    for x in (-4.5, -2.2, 0.0, 2.2, 4.5):
        p = Vector((x + rng.uniform(-0.1, 0.1), 3.2, 3.95))
        d = (Vector((x * 0.3 + rng.uniform(-0.2, 0.2), rng.uniform(-0.3, 0.2), 0.6)) - p).normalized()
        o = cylinder(0.11, 0.35, tuple(p), can, verts=20)
        o.rotation_euler = d.to_track_quat('Z', 'Y').to_euler()
        camera_only(cylinder(0.08, 0.01, tuple(p + d * 0.18), lens, verts=16)).rotation_euler = o.rotation_euler
        cylinder(0.015, 0.25, (p.x, 3.3, 4.1), can, verts=8)
        spot_light(tuple(p + d * 0.25), 900, (x * 0.3, 0.0, 0.6), angle_deg=28, blend=0.6, radius=0.12)
    # Cables from the truss down its leg (left), loosely hanging.
    cab = simple_mat('s11f-cable', (0.015, 0.015, 0.015), 0.5)
    for k in range(3):
        cylinder(0.008, 4.2, (-7.3 + k * 0.05, 3.4 - 0.15 + k * 0.04, 2.1), cab, verts=6, rot=(0.02 * k, 0.015, 0))
    # Reception counter (left) with a brochure rack and a stool, a screen totem (right); white lacquer.
    white = simple_mat('lacquer', (0.75, 0.75, 0.74), 0.2, grain=0.02)
    box((1.8, 0.6, 1.05), (-4.5, 2.6, 0.1 + 0.525), white, bevel=0.02)
    box((1.9, 0.7, 0.04), (-4.5, 2.6, 1.17), simple_mat('counter-top', (0.03, 0.03, 0.035), 0.15), bevel=0.005)
    camera_only(plane(1.6, 0.06, (-4.5, 2.29, 0.25), no_light_sampling(emission_mat('counter-led', (0.55, 0.7, 0.95), 3.0)),
                      rot=(math.pi / 2, 0, 0)))
    box((0.22, 0.3, 0.02), (-4.0, 2.5, 1.2), simple_mat('s11f-brochure', (0.85, 0.86, 0.9), 0.4), bevel=0.002, rot=(0, 0, 0.3))
    box((0.22, 0.3, 0.02), (-4.9, 2.55, 1.2), simple_mat('s11f-brochure2', (0.1, 0.2, 0.4), 0.4), bevel=0.002, rot=(0, 0, -0.2))
    cylinder(0.02, 0.75, (-3.3, 2.1, 0.475), alu, verts=8)
    cylinder(0.19, 0.06, (-3.3, 2.1, 0.88), simple_mat('s11f-seat', (0.05, 0.05, 0.05), 0.5), verts=20)
    cylinder(0.22, 0.02, (-3.3, 2.1, 0.11), alu, verts=20)
    box((0.9, 0.35, 2.8), (5.0, 3.6, 0.1 + 1.4), wallm, bevel=0.01)
    box((0.78, 0.04, 1.4), (5.0, 3.41, 1.9), simple_mat('s11f-bezel', (0.01, 0.01, 0.012), 0.2), bevel=0.005)
    scr = s11f_print_mat('s11f-totem', [(0.1, (0.02, 0.04, 0.1)), (0.6, (0.12, 0.3, 0.55)), (0.95, (0.8, 0.85, 0.9))], seed=0.7,
                         emit=1.6)
    camera_only(plane(0.72, 1.3, (5.0, 3.385, 1.9), no_light_sampling(scr), rot=(math.pi / 2, 0, 0)))
    # A potted plant at the stand's corner (leaves as thin tilted blades, not a ball).
    pot = simple_mat('s11f-pot', (0.08, 0.08, 0.08), 0.4)
    cylinder(0.22, 0.5, (6.6, 2.2, 0.35), pot, verts=20)
    leaf = simple_mat('s11f-leaf', (0.05, 0.12, 0.04), 0.5)
    for k in range(18):
        a = rng.uniform(0, 2 * math.pi)
        t = rng.uniform(0.2, 0.9)
        L = rng.uniform(0.5, 1.0)
        box((0.05, 0.008, L), (6.6 + math.cos(a) * math.sin(t) * L / 2, 2.2 + math.sin(a) * math.sin(t) * L / 2, 0.6 + math.cos(t) * L / 2),
            leaf, bevel=0, rot=(0, t, a))
    # The hall beyond: a dark space-frame roof with high-bay lamps, hanging lighting rigs, other stands.
    roof = Batch(simple_mat('space-frame', (0.12, 0.12, 0.13), 0.5, metallic=0.5), 'space-frame')
    for yy in range(0, 80, 4):
        roof.box((160, 0.12, 0.12), (0, yy, 14.0))
    for xx in range(-80, 81, 4):
        roof.box((0.12, 80, 0.12), (xx, 40, 14.0))
    roof.done()
    plane(200, 120, (0, 40, 14.6), simple_mat('roof-deck', (0.03, 0.03, 0.035), 0.8), rot=(math.pi, 0, 0))
    bay = no_light_sampling(emission_mat('high-bay', (1.0, 0.95, 0.85), 18.0))
    for yy in (8, 16, 24, 32, 40):
        for xx in range(-40, 41, 8):
            camera_only(cylinder(0.3, 0.05, (xx + (yy % 16) / 4 + rng.uniform(-0.5, 0.5), yy, 13.6), bay, verts=16))
    area_light((0, 30, 13.0), 80.0, 30000, (1.0, 0.95, 0.85), size_y=50.0, target=(0, 30, 0))
    # Hanging lighting rigs: truss rectangles on chain hoists over the other stands, with cans pointing down.
    rig = Batch(alu, 's11f-rigs')
    for (rx, ry, rz, rw) in ((-14, 20, 8.2, 10), (9, 17, 7.6, 12), (-2, 30, 9.0, 14), (20, 32, 8.8, 10), (-25, 34, 9.3, 9)):
        batch_truss(rig, rx - rw / 2, rx + rw / 2, ry, rz, size=0.3)
        batch_truss(rig, rx - rw / 2, rx + rw / 2, ry + 4, rz, size=0.3)
    rig.done()
    lensd = no_light_sampling(emission_mat('s11f-rig-lens', (1.0, 0.93, 0.82), 30.0))
    for (rx, ry, rz, rw) in ((-14, 20, 8.2, 10), (9, 17, 7.6, 12), (-2, 30, 9.0, 14), (20, 32, 8.8, 10), (-25, 34, 9.3, 9)):
        for dx in (-rw / 2, rw / 2):
            for dy in (0, 4):
                cylinder(0.012, 14.0 - rz, (rx + dx, ry + dy, rz + (14.0 - rz) / 2), cab, verts=4)
                box((0.25, 0.2, 0.35), (rx + dx, ry + dy, rz + 0.8), can, bevel=0.01)
        n = int(rw / 1.6)
        for i in range(n):
            cx = rx - rw / 2 + (i + 0.5) * rw / n + rng.uniform(-0.2, 0.2)
            cylinder(0.12, 0.4, (cx, ry - 0.05, rz - 0.4), can, verts=12, rot=(rng.uniform(-0.3, 0.3), rng.uniform(-0.2, 0.2), 0))
            camera_only(cylinder(0.09, 0.01, (cx, ry - 0.05, rz - 0.61), lensd, verts=12))
    # The hall's far wall: profiled steel cladding with a band of translucent panels under the roof.
    box((200, 0.5, 16), (0, 56, 8), ribbed_mat('hall-wall', (0.06, 0.06, 0.065), period=0.25, rough=0.5, metallic=0.3,
                                                axis='X'), bevel=0)
    camera_only(plane(200, 2.0, (0, 55.7, 12.5), no_light_sampling(lit_sign_mat('hall-clerestory', (0.75, 0.8, 0.85), 1.0)),
                      rot=(math.pi / 2, 0, 0)))
    cols = [(0.9, 0.9, 0.88), (0.75, 0.12, 0.08), (0.1, 0.3, 0.7), (0.9, 0.65, 0.2), (0.2, 0.55, 0.4), (0.15, 0.15, 0.17),
            (0.6, 0.6, 0.62)]
    placed = []
    for k in range(34):
        for _ in range(30):
            y = rng.uniform(11, 48)
            x = rng.uniform(-1, 1) * (8 + y * 0.55)
            if all(abs(x - px) > 7 or abs(y - py) > 4 for px, py in placed):
                break
        placed.append((x, y))
        s11f_far_stand(rng, x, y, wallm, alu, cols, k)
    for k in range(26):
        y = rng.uniform(11, 32)
        x = rng.uniform(-2.0 - y * 0.45, -1.5) if k % 3 else rng.uniform(5.5, 6 + y * 0.4)
        s11f_visitor(rng, x, y, k)
    # A neighbouring stand's fabric tower at the left edge, nearer (half in frame, soft).
    tw = s11f_print_mat('s11f-tower', [(0.1, (0.7, 0.1, 0.08)), (0.6, (0.9, 0.88, 0.85)), (1.0, (0.9, 0.9, 0.9))], seed=0.5, streak=False)
    box((1.2, 1.2, 5.5), (-7.4, 9.5, 2.75), tw, bevel=0.03, rot=(0, 0, 0.2))
    spot_light((-6.0, 6.5, 6.5), 900, (-7.4, 9.5, 3.5), angle_deg=50, blend=0.8, color=(1.0, 0.95, 0.85), radius=0.1)
    world_grad((0.04, 0.04, 0.045), (0.05, 0.05, 0.055), 1.0)
    key(0, 55, 0.5, (1.0, 0.95, 0.88))
    camera(fstop=2.8, focal=35, distance=7.0)
    render_settings(exposure=-0.4, glare=0.1, mist={'start': 10.0, 'depth': 70.0, 'color': (0.1, 0.1, 0.11), 'max': 0.35})
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def s15N_expo_slats(x0, x1, back, z0, z1, backing_col):
    """A slatted timber feature panel on the sales-expo brand wall (session 15, in place of raised brand
    letters): oak-veneer battens 45 mm wide and 60 mm deep at a 95 mm pitch over a navy backing board, in an
    aluminium-capped frame standing 8 cm proud of the print, so the wash cans above throw a shadow comb
    down the gaps, as the stand joinery of a real fair does; the print carries on to its right."""
    box((x1 - x0, 0.03, z1 - z0), ((x0 + x1) / 2, back - 0.03, (z0 + z1) / 2), backing_col, bevel=0.002)
    slats = Batch(wood_boards_mat('s15N-oak', (0.42, 0.29, 0.17), board=0.095, rough=0.45), 's15N-slats')
    n = int((x1 - x0) / 0.095)
    pitch = (x1 - x0) / n
    for k in range(n):
        slats.box((0.045, 0.06, z1 - z0 - 0.02), (x0 + (k + 0.5) * pitch, back - 0.075, (z0 + z1) / 2))
    slats.done()
    alu = simple_mat('s15N-slat-cap', (0.7, 0.71, 0.73), 0.3, metallic=1.0, grain=0.02)
    for z in (z0 - 0.015, z1 + 0.015):
        box((x1 - x0 + 0.04, 0.11, 0.03), ((x0 + x1) / 2, back - 0.06, z), alu, bevel=0.003)


def cumulus_sky(sun_elev, sun_az, cover=0.45, scale=1.1, cloud_light=0.9, strength=1.0, seed=0.0, fade=(0.015, 0.09),
                dust=0.6, squash=1.0, blue=0.0, tint=(1.0, 0.98, 0.95)):
    """A clear-weather sky with fair-weather cumulus (session 7, coast road and mall car park): the Nishita
    sky for the blue and the horizon haze, and clouds on a flat deck seen from below (noise of the view ray's
    crossing with the deck, so they flatten and crowd towards the horizon). Cloud tone from the noise's
    depth above the coverage threshold: thin edges bright, thick middles a blue-grey base, as cumulus seen
    from underneath are; they fade into the haze just above the horizon. `tint` colours them (warm at sunset)."""
    w, nt, bg, sky = nishita_world('cumulus', sun_elev, sun_az, dust=dust)
    base = mix_rgb(nt, 1.0, sky.outputs['Color'], (0.12, 0.12, 0.12), 'MULTIPLY')
    g = nt.nodes.new('ShaderNodeTexCoord')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, g.outputs['Generated'], sep.inputs[0])
    if blue:
        # Deepen the blue away from the horizon (a polariser-like clear day).
        tint = ramp(nt, sep.outputs['Z'], [(0.0, (1 - 0.12 * blue, 1 - 0.03 * blue, 1 + 0.1 * blue)), (0.25, (1 - 0.5 * blue, 1 - 0.2 * blue, 1 + 0.1 * blue))])
        base = mix_rgb(nt, 1.0, base, tint, 'MULTIPLY')
    zc = math_node(nt, 'MAXIMUM', sep.outputs['Z'], 0.012)
    comb = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'DIVIDE', sep.outputs['X'], zc), comb.inputs['X'])
    # `squash` < 1 shortens the deck in depth: seen through a telephoto only a few degrees above the sea, the
    # flat-deck projection thins distant clouds into streaks; cumulus keep some height.
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), squash), comb.inputs['Y'])
    comb.inputs['Z'].default_value = seed
    # Cloud fields (large) times cells (cumulus-sized) with fractal edges.
    field = noise(nt, comb.outputs[0], scale * 0.18, 3, 0.5)
    cell = noise(nt, comb.outputs[0], scale, 10, 0.62, distortion=0.15)
    d = math_node(nt, 'ADD', cell, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', field, 0.5), 0.6))
    thr = 1.0 - cover
    alpha = ramp(nt, d, [(thr - 0.03, (0, 0, 0)), (thr + 0.05, (1, 1, 1))])
    thick = ramp(nt, d, [(thr + 0.02, (1, 1, 1)), (thr + 0.2, (0.42, 0.45, 0.5))])
    ccol = mix_rgb(nt, 1.0, thick, tuple([cloud_light] * 3), 'MULTIPLY')
    ccol = mix_rgb(nt, 1.0, ccol, tint, 'MULTIPLY')
    # Fade near the horizon (clouds there are tiny, far and lost in haze) and keep the deck off the zenith.
    fd = ramp(nt, sep.outputs['Z'], [(fade[0], (0, 0, 0)), (fade[1], (1, 1, 1))])
    a = math_node(nt, 'MULTIPLY', alpha, fd)
    # Clouds far away take the haze's colour.
    hazed = mix_rgb(nt, ramp(nt, sep.outputs['Z'], [(0.02, (0.55, 0.55, 0.55)), (0.2, (0, 0, 0))]), ccol, base)
    col = mix_rgb(nt, a, base, hazed)
    link(nt, col, bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength
    return w


def worn_cover(nt, out, cover, shader):
    """Paint or grit that is only partly there: `shader` where `cover` is 1, transparent where it is 0 (worn
    road markings, dust), on the material's output."""
    tr = nt.nodes.new('ShaderNodeBsdfTransparent')
    mx = nt.nodes.new('ShaderNodeMixShader')
    link(nt, cover, mx.inputs[0])
    link(nt, tr.outputs[0], mx.inputs[1])
    link(nt, shader.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])


def facade_bond(nt, c, unit, joint, smooth, color, shade, mortar, offset):
    """A brick-texture bond on a facade in the XZ plane (units of `unit` = (width, height) in metres, joints
    `joint` wide, alternate units `shade` times darker, courses offset by `offset`): shared by brick and
    cladding, which differ only in these numbers."""
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    uv = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'ADD', sep.outputs['X'], sep.outputs['Y']), uv.inputs[0])
    link(nt, sep.outputs['Z'], uv.inputs[1])
    b = nt.nodes.new('ShaderNodeTexBrick')
    link(nt, uv.outputs[0], b.inputs['Vector'])
    b.inputs['Scale'].default_value = 1.0
    b.inputs['Brick Width'].default_value = unit[0]
    b.inputs['Row Height'].default_value = unit[1]
    b.inputs['Mortar Size'].default_value = joint
    b.inputs['Mortar Smooth'].default_value = smooth
    b.inputs['Color1'].default_value = (*color, 1)
    b.inputs['Color2'].default_value = (*tuple(v * shade for v in color), 1)
    b.inputs['Mortar'].default_value = (*mortar, 1)
    b.offset = offset
    return b


def cladding_mat(name, color, panel=(1.5, 0.75), joint=0.012, rough=0.45):
    """Large-format facade cladding (composite panels in stack bond, thin dark joints), each panel a shade
    different, a little sheen; facade in the XZ plane."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    b = facade_bond(nt, c, panel, joint, 0.1, color, 0.94, (0.05, 0.05, 0.05), 0.0)
    b.offset_frequency = 1
    dirt = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 0.25)), 0.6, 4, 0.55),
                [(0.35, (0.86, 0.85, 0.84)), (0.7, (1.0, 1.0, 1.0))])
    col = mix_rgb(nt, 1.0, b.outputs['Color'], dirt, 'MULTIPLY')
    principled(nt, out, col, rough, 0.5, 0.0, bump(nt, math_node(nt, 'MULTIPLY', b.outputs['Fac'], -1.0), 0.3, 0.005))
    return m


def curtain_glass_mat(name, inside=(0.025, 0.03, 0.035), f0=0.12):
    """A curtain wall's glass from outside by day: a dark interior with faint lit patches, under a sharp
    Fresnel reflection of the sky (at least f0 head-on)."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    patches = ramp(nt, noise(nt, c, 0.25, 3, 0.5), [(0.4, (0.7, 0.7, 0.7)), (0.7, (1.6, 1.5, 1.35))])
    d = nt.nodes.new('ShaderNodeBsdfDiffuse')
    link(nt, mix_rgb(nt, 1.0, patches, inside, 'MULTIPLY'), d.inputs['Color'])
    glass_over(nt, out, d.outputs[0], f0)
    return m


def fair_day(sun_elev, sun_az, cover, seed):
    """Fair-weather daylight as the street and car-park scenes share it: cumulus over the Nishita sky, the
    sun lamp (0.55 degrees, crisp shadows) and the key-light metadata for the compositor."""
    cumulus_sky(sun_elev, sun_az, cover=cover, scale=1.3, cloud_light=1.1, seed=seed)
    sun_light(sun_elev, sun_az, 3.6, angle_deg=0.55)
    key(sun_az, sun_elev, 0.15)


def bay_lines(rows, x0=-40.0, x1=40.0, pitch=2.55, name='bay-lines'):
    """Parking-bay lines in worn paint: for each (y0, y1) row of bays, a line every `pitch` metres along X."""
    lines = Batch(worn_paint_mat(), name)
    for (y0, y1) in rows:
        x = x0
        while x < x1:
            lines.box((0.11, y1 - y0, 0.004), (x, (y0 + y1) / 2, 0.002))
            x += pitch
    lines.done()


def planted_island(y0, y1, tree_xs, lamp_xs, prefix, tree_h=(6.0, 7.5), trees=None):
    """A car park's kerbed planted island across X from y0 to y1: granite kerbs in 0.9-1.2 m lengths, grass,
    broadleaf trees (three templates) and double-armed lamp columns down its middle. Returns the kerb and
    column materials, for the rest of the car park to reuse. `trees`: tree meshes to plant instead of the
    three broadleaf_mesh templates."""
    yc = (y0 + y1) / 2
    granite = plaster_mat(prefix + '-kerb', (0.55, 0.54, 0.52), 0.7, streaks=False)
    kerbs = Batch(granite, prefix + '-island-kerb')
    for ky in (y0, y1):
        x = -45.0
        while x < 45:
            ln = random.uniform(0.9, 1.2)
            kerbs.box((ln - 0.01, 0.2, 0.15), (x + ln / 2, ky, 0.075), rot_z=random.gauss(0, 0.004))
            x += ln
    kerbs.done()
    plane(90, y1 - y0 - 0.2, (0, yc, 0.13), floor_material('grass', (0.05, 0.08, 0.03)))
    if trees is None:
        leaf = leaf2_mat(prefix + '-leaf', (0.035, 0.065, 0.02), (0.13, 0.19, 0.05), translucent=0.3)
        bark = bark2_mat(prefix + '-bark', (0.08, 0.07, 0.06))
        trees = [broadleaf_mesh(31 + i, random.uniform(*tree_h), random.uniform(2.6, 3.2), name='%s-tree%d' % (prefix, i),
                                mats=[leaf, bark], leaves=0.85) for i in range(3)]
    for i, tx in enumerate(tree_xs):
        put(trees[i % len(trees)], (tx + random.uniform(-0.8, 0.8), yc, 0.13), rot_z=random.uniform(0, 6.3),
            scale=random.uniform(0.9, 1.1))
    metal = simple_mat(prefix + '-column', (0.45, 0.46, 0.47), 0.35, metallic=0.8, grain=0.05)
    for lx in lamp_xs:
        cylinder(0.1, 10.0, (lx, yc, 5.0), metal, verts=16)
        cylinder(0.16, 0.8, (lx, yc, 0.5), metal, verts=16)
        for s_ in (-1, 1):
            box((1.1, 0.08, 0.08), (lx + s_ * 0.55, yc, 9.9), metal, bevel=0.01)
            box((0.7, 0.3, 0.1), (lx + s_ * 1.15, yc, 9.85), metal, bevel=0.03)
    return granite, metal


# ---- session 10 (a): one procedural tree family for the mall car park and the snowy drive

def s10a_leaf_cards(soup, rng, centres, size, nrm_bias, mat=0, aspect=0.45, fold=0.25, tone=None):
    """Leaf (or needle-spray) cards at `centres` (n, 3): each a four-point leaf (stalk end, two sides
    folded up along the midrib, tip) of length `size` (n,), its normal a random direction pulled towards
    `nrm_bias` (n, 3), so the crown's outer leaves face out and up and the inner ones every way."""
    import numpy as np
    n = len(centres)
    if n == 0:
        return
    nrm = rng.normal(size=(n, 3)) * 0.8 + nrm_bias
    nrm /= np.linalg.norm(nrm, axis=1, keepdims=True) + 1e-9
    a, b = _frame(nrm, np)
    phi = rng.uniform(0, 2 * np.pi, n)[:, None]
    ax = np.cos(phi) * a + np.sin(phi) * b
    sd = np.cross(nrm, ax)
    L = size[:, None]
    W = L * aspect * rng.uniform(0.8, 1.2, (n, 1))
    base = centres - ax * L * 0.5
    tip = centres + ax * L * 0.5 - nrm * L * rng.uniform(0.0, 0.25, (n, 1))  # tips droop
    left = centres - ax * L * 0.05 + sd * W * 0.5 + nrm * W * fold
    right = centres - ax * L * 0.05 - sd * W * 0.5 + nrm * W * fold
    q = np.stack([base, left, tip, right], axis=1)
    soup.quads(q, mat, tone=tone if tone is not None else rng.random(n))


def s10a_broadleaf_mesh(seed, height, crown, name, mats, leaves=1.0, leaf_len=(0.07, 0.12), lean=0.0, twig_depth=99):
    """A broadleaf tree grown, not drawn: a trunk with a root flare that wanders a little, forking into
    3-4 limbs; every limb carries side branches along its length (not only at its end), those carry
    twigs, down to about 5 levels; gravitropism bends the outer wood down a little, and the children lean
    towards an ellipsoid crown envelope. Leaves are cards in clumps round the twigs (see
    s10a_leaf_cards), thousands per tree, with a `tone` per leaf that mixes chance with how exposed the
    leaf is (outer/upper leaves lighter), so the crown has light and depth, not one green. mats:
    [leaves, bark]; wood from `twig_depth` on takes material 2 when given (a birch's dark twigs)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    trunk_len = height * rng.uniform(0.32, 0.42)
    cz = trunk_len + (height - trunk_len) * 0.5
    ch = (height - trunk_len) * 0.55
    cc = np.array([lean * height * 0.3, 0.0, cz])
    sites = []

    def rot(d, ang):
        return tilted(d, ang, rng)

    def grow(p, d, L, r, depth):
        n = 7 if depth == 0 else (5 if depth < 3 else 3)
        pts = [p]
        dd = d.copy()
        for i in range(n - 1):
            jit = 0.05 if depth == 0 else 0.16
            dd = dd + rng.normal(0, jit, 3) + np.array([0, 0, -0.04 * depth + 0.02])
            rel = (pts[-1] - cc) / np.array([crown, crown, ch])
            if depth > 0 and np.linalg.norm(rel) > 1.0:
                dd = dd - 0.25 * rel / np.linalg.norm(rel)  # turn back inside the envelope
            dd /= np.linalg.norm(dd)
            pts.append(pts[-1] + dd * L / (n - 1))
        pts = np.array(pts)
        radii = np.linspace(r, r * 0.6, n)
        if depth == 0:
            radii[0] *= 1.7
            radii[1] *= 1.15
        tube(soup, pts, radii, 1 if depth < twig_depth else 2, sides=(10 if depth == 0 else 7 if depth == 1 else 5 if depth < 4 else 3), rng=rng)
        if depth >= 4 or r < 0.01:
            sites.append((pts[-1], dd, 1.0))
            if n > 2:
                sites.append((pts[n // 2], dd, 0.6))
            return
        if depth >= 2:
            sites.append((pts[n // 2], dd, 0.35))
        if depth == 0:
            kids = [(1.0, rng.uniform(0.45, 0.8)) for _ in range(rng.integers(3, 5))]
        else:
            kids = [(1.0, rng.uniform(0.2, 0.5))] + [(rng.uniform(0.3, 0.9), rng.uniform(0.6, 1.1))
                                                     for _ in range(rng.integers(2, 4))]
        for t, ang in kids:
            i = min(n - 1, int(round(t * (n - 1))))
            q = pts[i]
            nd = rot(dd, ang)
            out = q - np.array([0, 0, q[2]])
            nd = nd + 0.35 * out / (np.linalg.norm(out) + 0.5) + np.array([0, 0, 0.18 if depth < 2 else 0.0])
            nd /= np.linalg.norm(nd)
            scale_L = rng.uniform(0.55, 0.78) * (1.15 - 0.35 * t if t < 1.0 else 1.0)
            grow(q, nd, (L if depth else (height - trunk_len) * 0.55) * scale_L, r * (0.62 if t == 1.0 else 0.5), depth + 1)

    grow(np.array([0.0, 0.0, -0.25]), np.array([rng.normal(0, 0.03) + lean * 0.1, rng.normal(0, 0.03), 1.0]),
         trunk_len + 0.25, 0.011 * height + 0.05, 0)
    cs, ns, ts = [], [], []
    for (s, d, w) in sites:
        n = int(150 * w * leaves)
        if n <= 0:
            continue
        R = crown * 0.13 * rng.uniform(0.7, 1.3)
        dirs = rng.normal(size=(n, 3))
        dirs /= np.linalg.norm(dirs, axis=1, keepdims=True)
        c = s + d * R * 0.4 + dirs * (R * rng.random(n) ** 0.6)[:, None] * np.array([1.0, 1.0, 0.6])
        rel = (c - cc) / np.array([crown, crown, ch])
        expo = np.clip(np.linalg.norm(rel, axis=1) * 0.7 + 0.3 * np.clip(rel[:, 2], -1, 1), 0, 1)
        cs.append(c)
        ns.append(rel / (np.linalg.norm(rel, axis=1, keepdims=True) + 1e-6) * 0.7 + np.array([0, 0, 0.6]))
        ts.append(np.clip(0.55 * rng.random(n) + 0.45 * expo + rng.normal(0, 0.05, n), 0, 1))
    if cs:
        c = np.concatenate(cs)
        s10a_leaf_cards(soup, rng, c, rng.uniform(*leaf_len, len(c)), np.concatenate(ns), 0, tone=np.concatenate(ts))
    return soup.mesh(name, mats)


def s10a_leaf_mat(name, dark, mid, light, dry=(0.2, 0.15, 0.06), translucent=0.35, sheen=0.45, dry_share=0.04):
    """Leaves: per-leaf tone (dark inner, light exposed outer), a per-tree shift, a few dry leaves, a waxy
    specular sheen (what makes sunlit leaves read as leaves), light through them from behind."""
    m, nt, out = new_mat(name)
    info = nt.nodes.new('ShaderNodeObjectInfo')
    tone = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', attr(nt, 'tone'), 0.85),
                     math_node(nt, 'MULTIPLY', info.outputs['Random'], 0.15))
    col = ramp(nt, tone, [(0.0, dark), (0.45, mid), (0.9, light)])
    # A few leaves per hundred (dry_share) dry/yellowed (hash of the face index through a white-noise texture).
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '4D'
    link(nt, attr(nt, 'tone'), wn.inputs['W'])
    dryf = math_node(nt, 'GREATER_THAN', wn.outputs['Value'], 1.0 - dry_share)
    col = mix_rgb(nt, dryf, col, dry)
    leaf_surface(nt, out, col, sheen, 0.45, (1.3, 1.5, 0.6), translucent)
    return m


def s10a_spruce_mesh(seed, height, radius, snow=0.0, name='s10a-spruce', mats=None, dead=0.25, far=False):
    """A Norway spruce as it grows: a trunk with a root flare; whorls every 30-60 cm with interwhorl
    shoots, some branches missing or broken; each branch sags then lifts its tip and carries side shoots
    (a flat, drooping frond), all clad in needle sprays (small cards); the lowest share `dead` of the
    trunk has bare grey twigs only. Snow (`snow` 0-1) lies in irregular lumps on the upper side of the
    fronds, heavy on some branches, none on others, never an even band. mats: [needles, bark, snow].
    `far` (session 11, a spruce seen at 30-300 m in fog): a slimmer trunk (the default read as a pale pole
    there) and twice the needle mass per shoot in larger sprays, so the whorls read as dark drooping fronds
    at a distance, not as bare twigs."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    h = height
    tz = np.linspace(-0.3, h * 0.99, 9)
    tpts = np.stack([np.cumsum(rng.normal(0, 0.02, 9)), np.cumsum(rng.normal(0, 0.02, 9)), tz], axis=1)
    tr_ = np.linspace(0.01 * h + 0.03, 0.012, 9) if far else np.linspace(0.018 * h + 0.05, 0.015, 9)
    tr_[0] *= 1.4 if far else 1.6
    tube(soup, tpts, tr_, 1, sides=9, rng=rng)
    cards_c, cards_n, cards_s, cards_t = [], [], [], []
    snow_c = []
    z = h * 0.02
    while z < h * 0.97:
        f = (h - z) / h
        R = radius * f ** 0.85 * rng.uniform(0.85, 1.1) + 0.12
        is_dead = z < h * dead
        nb = rng.integers(4, 8)
        a0 = rng.uniform(0, 2 * np.pi)
        tc = np.array([np.interp(z, tz, tpts[:, 0]), np.interp(z, tz, tpts[:, 1]), z])
        for b in range(nb):
            if rng.random() < 0.12:
                continue  # a missing or broken branch
            a = a0 + b * 2 * np.pi / nb + rng.uniform(-0.35, 0.35)
            L = R * rng.uniform(0.65, 1.05) * (0.5 if is_dead else 1.0)
            d = np.array([np.cos(a), np.sin(a), 0.0])
            side = np.array([-d[1], d[0], 0.0])
            droop = (0.3 + 0.3 * snow) * L * rng.uniform(0.7, 1.3)
            m = max(4, int(L / 0.12))
            tt = np.linspace(0, 1, m)
            bp = tc + np.outer(tt * L, d) + np.outer(-droop * tt + 0.3 * L * tt * tt + 0.15 * L * tt, [0, 0, 1])
            tube(soup, bp, np.linspace(0.012 + 0.01 * L, 0.004, m), 1, sides=4)
            if is_dead:
                continue
            # Side shoots along the branch, alternating, shorter to the tip, sagging from the branch.
            ns_ = int(L / 0.16) + 2
            st = np.sort(rng.uniform(0.15, 0.95, ns_))
            spts = [bp]
            for k, t in enumerate(st):
                p0 = tc + d * t * L + np.array([0, 0, -droop * t + 0.3 * L * t * t + 0.15 * L * t])
                sgn = 1 if k % 2 else -1
                ln = (0.18 + 0.45 * (1 - t) * min(L, 2.5) * 0.5) * rng.uniform(0.7, 1.2)
                sd = d * 0.55 + side * sgn * 0.8 + np.array([0, 0, -0.25])
                sd /= np.linalg.norm(sd)
                spts.append(p0 + np.outer(np.linspace(0.1, 1, 4) * ln, sd) + np.outer(np.linspace(0, 1, 4) ** 2 * -0.06, [0, 0, 1]))
            sp = np.concatenate(spts)
            # Needle sprays round every shoot point: small cards, flattened to the frond.
            k = 6 if far else 3
            spread = 0.07 if far else 0.045
            cc = np.repeat(sp, k, axis=0) + rng.normal(0, spread, (len(sp) * k, 3)) * np.array([1, 1, 0.5])
            cards_c.append(cc)
            cards_n.append(np.tile([0.0, 0.0, 1.0], (len(cc), 1)))
            cards_s.append(rng.uniform(0.08, 0.16, len(cc)) if far else rng.uniform(0.05, 0.1, len(cc)))
            cards_t.append(np.clip(0.7 * rng.random(len(cc)) + 0.3 * (1 - f) + 0.15 * rng.random(), 0, 1))
            if snow > 0:
                amt = snow * rng.uniform(0.0, 1.4)
                if amt > 0.25:
                    pick = rng.random(len(sp)) < min(0.9, amt * 0.55)
                    sc_ = sp[pick]
                    # On the frond's upper side, not under the tip that lifts.
                    snow_c.append(sc_ + np.array([0, 0, 0.035]) + rng.normal(0, 0.02, (len(sc_), 3)))
        z += rng.uniform(0.3, 0.6)
    # The leader and top whorls: a few sprays.
    n = 60
    c = np.stack([rng.normal(0, 0.05, n), rng.normal(0, 0.05, n), h * 0.95 + rng.random(n) * h * 0.05], axis=1)
    cards_c.append(c)
    cards_n.append(rng.normal(size=(n, 3)))
    cards_s.append(rng.uniform(0.05, 0.09, n))
    cards_t.append(rng.random(n))
    c = np.concatenate(cards_c)
    s10a_leaf_cards(soup, rng, c, np.concatenate(cards_s), np.concatenate(cards_n), 0, aspect=0.6, fold=0.1,
                    tone=np.concatenate(cards_t))
    if snow_c:
        pc = np.concatenate(snow_c)
        mm = len(pc)
        k = 6
        ang = np.linspace(0, 2 * np.pi, k + 1)[:-1]
        rr = rng.uniform(0.04, 0.11, (mm, 1)) * rng.uniform(0.55, 1.0, (mm, k))
        ring = pc[:, None, :] + np.stack([np.cos(ang) * rr, np.sin(ang) * rr,
                                          rng.uniform(-0.03, 0.0, (mm, k))], axis=2)
        top = pc + np.stack([rng.normal(0, 0.01, mm), rng.normal(0, 0.01, mm), rng.uniform(0.02, 0.05, mm)], axis=1)
        fan = np.stack([np.repeat(top[:, None, :], k, 1), ring, np.roll(ring, -1, axis=1)], axis=2)
        soup.add(fan.reshape(-1, 3, 3), 2, tone=np.repeat(rng.random(mm), k))
    return soup.mesh(name, mats)


def s10a_litter(y_rows, x_span, rng_seed=12):
    """Small clutter a car park collects: paper tissue and receipts, a flattened cup, bottle caps, fallen
    leaves, along the kerbs and in the bays (rows of (y, spread)), none in the aisle where the car stands."""
    import numpy as np
    rng = np.random.default_rng(rng_seed)
    paper = simple_mat('s10a-paper', (0.62, 0.6, 0.56), 0.8, grain=0.1)
    leaf = simple_mat('s10a-dry-leaf', (0.16, 0.1, 0.04), 0.7, grain=0.3, grain_scale=8)
    cup = simple_mat('s10a-cup', (0.5, 0.12, 0.08), 0.5, grain=0.1)
    bp, bl = Batch(paper, 's10a-litter-paper'), Batch(leaf, 's10a-litter-leaf')
    for (y, spread, n) in y_rows:
        for _ in range(n):
            x = rng.uniform(*x_span)
            yy = y + rng.normal(0, spread)
            if abs(x) < 4.0 and yy < 3.0:
                continue
            if rng.random() < 0.35:
                bp.box((rng.uniform(0.06, 0.16), rng.uniform(0.05, 0.12), 0.004), (x, yy, 0.004), rot_z=rng.uniform(0, 6.3),
                       rot_x=rng.normal(0, 0.15))
            else:
                bl.box((rng.uniform(0.05, 0.1), rng.uniform(0.03, 0.06), 0.003), (x, yy, 0.003), rot_z=rng.uniform(0, 6.3),
                       rot_x=rng.normal(0, 0.3))
    bp.done()
    bl.done()
    for x, y in ((7.3, 12.9), (-12.4, 6.1)):
        cylinder(0.04, 0.09, (x, y, 0.04), cup, rot=(math.pi / 2, 0, rng.uniform(0, 6.3)), verts=12)


def s10a_trolley(batch, x, y, rot):
    """A shopping trolley in wire and tube: basket frame, handle, chassis and four castors (bars as boxes)."""
    import numpy as np
    ca, sa = math.cos(rot), math.sin(rot)

    def bar(dims, loc):
        lx, ly, lz = loc
        batch.box(dims, (x + lx * ca - ly * sa, y + lx * sa + ly * ca, lz), rot_z=rot)
    L, W = 0.9, 0.55
    for z in np.linspace(0.5, 1.0, 6):
        bar((L, 0.012, 0.012), (0, -W / 2, z))
        bar((L, 0.012, 0.012), (0, W / 2, z))
        bar((0.012, W, 0.012), (-L / 2, 0, z))
        bar((0.012, W * 0.85, 0.012), (L / 2, 0, z))
    for t in np.linspace(-L / 2, L / 2, 12):
        bar((0.008, 0.008, 0.5), (t, -W / 2, 0.75))
        bar((0.008, 0.008, 0.5), (t, W / 2, 0.75))
    for t in np.linspace(-W / 2, W / 2, 8):
        bar((0.008, 0.008, 0.5), (-L / 2, t, 0.75))
        bar((0.008, 0.008, 0.5), (L / 2, t * 0.85, 0.75))
    bar((0.03, W + 0.05, 0.03), (-L / 2 - 0.12, 0, 1.05))  # handle
    for sy in (-1, 1):
        bar((0.02, 0.02, 0.45), (-L / 2 - 0.06, sy * W / 2, 0.8))
        bar((L + 0.1, 0.03, 0.03), (0, sy * W * 0.42, 0.15))
        for sx in (-1, 1):
            bar((0.03, 0.03, 0.12), (sx * L * 0.45, sy * W * 0.42, 0.09))
            bar((0.09, 0.03, 0.09), (sx * L * 0.45, sy * W * 0.42, 0.05))
    bar((L * 0.9, W * 0.8, 0.01), (0, 0, 0.3))  # bottom tray


def s10a_weathered(m, streak=0.8, splash=0.85):
    """Weather a facade material in place (session 10): rain-washed dirt streaks running down from the
    coping (stretched noise, darker near the top edge of each streak) and road splash darkening the
    lowest half metre; multiplies whatever feeds the Principled BSDF's base colour."""
    nt = m.node_tree
    p = next(n for n in nt.nodes if n.type == 'BSDF_PRINCIPLED')
    src = p.inputs['Base Color'].links[0].from_socket
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, pos, sep.inputs[0])
    st = noise(nt, math_node_vec_scale(nt, pos, (3.0, 3.0, 0.12)), 1.2, 6, 0.62)
    sf = ramp(nt, st, [(0.5, (1, 1, 1)), (0.72, (streak, streak * 0.99, streak * 0.97))])
    low = ramp(nt, math_node(nt, 'ADD', sep.outputs['Z'], math_node(nt, 'MULTIPLY', noise(nt, pos, 4.0, 4, 0.6), 0.25)),
               [(0.2, (splash, splash * 0.98, splash * 0.95)), (0.7, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, mix_rgb(nt, 1.0, src, sf, 'MULTIPLY'), low, 'MULTIPLY')
    link(nt, col, p.inputs['Base Color'])
    return m


def s10a_car_paint(name, color):
    """Car paint seen from 30 m: a clear-coated colour, a little metallic, a faint film of road dust low."""
    m, nt, out = new_mat(name)
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    dust = ramp(nt, sep.outputs['Z'], [(0.25, (0.75, 0.72, 0.68)), (0.7, (1, 1, 1))])
    principled(nt, out, mix_rgb(nt, 1.0, color, dust, 'MULTIPLY'), 0.3, 0.5, 0.3, clearcoat=0.8)
    return m


def s10a_glasshouse(L, W, H, loc, rz, mat, rake=0.3):
    """A car's glasshouse: a frustum (the roof shorter and narrower than the waist, raked windscreen and
    back glass), bevelled, as one object at loc turned rz about Z."""
    a, b = L / 2, W / 2
    ra, rb = a * (1 - rake), b * 0.8
    verts = [(-a, -b, 0), (a, -b, 0), (a, b, 0), (-a, b, 0), (-ra, -rb, H), (ra * 0.85, -rb, H), (ra * 0.85, rb, H), (-ra, rb, H)]
    faces = [(0, 1, 2, 3), (4, 7, 6, 5), (0, 4, 5, 1), (1, 5, 6, 2), (2, 6, 7, 3), (3, 7, 4, 0)]
    me = bpy.data.meshes.new('s10a-glasshouse')
    me.from_pydata(verts, [], faces)
    me.update()
    me.materials.append(mat)
    o = bpy.data.objects.new('s10a-glasshouse', me)
    sc.collection.objects.link(o)
    o.location = loc
    o.rotation_euler = (0, 0, rz)
    bv = o.modifiers.new('bevel', 'BEVEL')
    bv.width = 0.06
    bv.segments = 3
    return o


# ---- session 12 (b): mall car park as a photograph (asphalt at 100 %, hedge, facade detail, cloud shadow)

def s12b_warp(nt, c, scale, amp):
    """Coordinates pushed about by a noise field (`amp` metres at `scale`), so Voronoi edges meander."""
    n = nt.nodes.new('ShaderNodeTexNoise')
    n.inputs['Scale'].default_value = scale
    n.inputs['Detail'].default_value = 4.0
    n.inputs['Roughness'].default_value = 0.55
    link(nt, c, n.inputs['Vector'])
    sub = nt.nodes.new('ShaderNodeVectorMath')
    sub.operation = 'SUBTRACT'
    link(nt, n.outputs['Color'], sub.inputs[0])
    sub.inputs[1].default_value = (0.5, 0.5, 0.5)
    mul = math_node_vec_scale(nt, sub.outputs[0], (amp, amp, 0.0))
    add = nt.nodes.new('ShaderNodeVectorMath')
    add.operation = 'ADD'
    link(nt, c, add.inputs[0])
    link(nt, mul, add.inputs[1])
    return add.outputs[0]


def s12b_voronoi(nt, vec, scale, feature='F1', randomness=1.0):
    v = nt.nodes.new('ShaderNodeTexVoronoi')
    v.feature = feature
    v.inputs['Scale'].default_value = scale
    v.inputs['Randomness'].default_value = randomness
    link(nt, vec, v.inputs['Vector'])
    return v


def s12b_asphalt_mat(base=(0.075, 0.073, 0.07), car_clear=True):
    """Car-park asphalt that holds up at 100 % (session 12): a dark binder with its aggregate showing as
    separate stones (1 and 2.5 cm chips, each its own grey or buff), more where the binder has worn
    (metre-scale fields); tone drift over 10 m; a network of cracks sealed with tar (meandering, 2-4 cm
    wide, glossy black, only part of the network sealed) and a few fine open hairline cracks; two faint
    polished tyre lanes running across the frame; a few oil drips in the aisle. Under the car (|x| < 3,
    |y| < 2.5) the cracks and drips are kept faint so the ground there is calm and consistent."""
    m, nt, out = new_mat('s12b-asphalt')
    c = coord(nt, 'Object')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    X, Y = sep.outputs['X'], sep.outputs['Y']
    tone = math_node(nt, 'ADD', noise(nt, c, 0.07, 4, 0.5), math_node(nt, 'MULTIPLY', noise(nt, c, 0.7, 3, 0.5), 0.3))
    col = ramp(nt, tone, [(0.3, tuple(v * 0.8 for v in base)), (0.85, tuple(v * 1.2 for v in base))])
    # How worn the binder is: fields over metres with a ragged edge.
    worn = smooth_band(nt, math_node(nt, 'ADD', noise(nt, c, 0.35, 5, 0.6), math_node(nt, 'MULTIPLY', noise(nt, c, 6.0, 4, 0.6), 0.12)),
                       0.42, 0.66)
    # Aggregate: small chips and larger ones, each cell its own stone colour.
    stones = []
    for sc_, thr in ((95.0, 0.36), (38.0, 0.3)):
        v = s12b_voronoi(nt, c, sc_)
        inside = smooth_band(nt, v.outputs['Distance'], thr + 0.06, thr - 0.02)
        cs = nt.nodes.new('ShaderNodeSeparateRGB')
        link(nt, v.outputs['Color'], cs.inputs[0])
        sc_col = ramp(nt, cs.outputs['R'], [(0.0, (0.05, 0.05, 0.05)), (0.3, (0.13, 0.128, 0.122)), (0.7, (0.2, 0.19, 0.17)),
                                            (1.0, (0.3, 0.27, 0.23))])
        stones.append((inside, sc_col, v))
    show = math_node(nt, 'ADD', 0.4, math_node(nt, 'MULTIPLY', worn, 0.55))
    for inside, sc_col, v in stones:
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', inside, show), col, sc_col)
    height = math_node(nt, 'ADD', stones[0][0], math_node(nt, 'MULTIPLY', stones[1][0], 1.3))
    # Tyre polish: two lanes across the frame (along X), darker and smoother, their edges wandering.
    yw = math_node(nt, 'ADD', Y, math_node(nt, 'MULTIPLY', noise(nt, c, 0.25, 3, 0.5), 0.8))
    lanes = math_node(nt, 'ADD', smooth_band(nt, yw, -5.6, -5.1, -4.6, -4.1), smooth_band(nt, yw, -3.8, -3.3, -2.8, -2.3))
    lanes = math_node(nt, 'MULTIPLY', lanes, smooth_band(nt, noise(nt, c, 1.5, 4, 0.6), 0.3, 0.6))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', lanes, 0.3), col, tuple(v * 0.6 for v in base))
    # Calm under the car.
    carzone = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ABSOLUTE', X), 3.6, 2.8),
                        smooth_band(nt, Y, -3.2, -2.4, 2.4, 3.2))
    calm = math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'MULTIPLY', carzone, 0.75 if car_clear else 0.0))
    # Sealed cracks: the edges of big warped cells, tar 2-4 cm wide, only where a slow noise says so.
    wv = s12b_warp(nt, c, 0.9, 0.35)
    cr = s12b_voronoi(nt, wv, 0.32, 'DISTANCE_TO_EDGE')
    width = math_node(nt, 'ADD', 0.0065, math_node(nt, 'MULTIPLY', noise(nt, c, 0.8, 2, 0.4), 0.0035))
    tar = math_node(nt, 'LESS_THAN', cr.outputs['Distance'], width)
    tar = math_node(nt, 'MULTIPLY', tar, smooth_band(nt, noise(nt, c, 0.25, 3, 0.5), 0.42, 0.5))
    tar = math_node(nt, 'MULTIPLY', tar, calm)
    # Fine open cracks, not sealed: thin dark lines over a smaller network, broken along their length.
    wv2 = s12b_warp(nt, c, 3.0, 0.12)
    cr2 = s12b_voronoi(nt, wv2, 1.1, 'DISTANCE_TO_EDGE')
    hair = math_node(nt, 'LESS_THAN', cr2.outputs['Distance'], 0.0045)
    hair = math_node(nt, 'MULTIPLY', hair, math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, c, 0.6, 3, 0.5), 0.55, 0.62),
                                                     smooth_band(nt, noise(nt, c, 8.0, 2, 0.5), 0.4, 0.5)))
    hair = math_node(nt, 'MULTIPLY', hair, calm)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', hair, 0.7), col, (0.015, 0.015, 0.015))
    col = mix_rgb(nt, tar, col, (0.012, 0.012, 0.013))
    # Oil drips in the aisle: small dark blots, a few.
    drip = math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, math_node_vec_scale(nt, c, (1.0, 1.6, 1.0)), 1.8, 5, 0.65, distortion=0.5), 0.7, 0.76),
                     smooth_band(nt, noise(nt, c, 0.15, 2, 0.5), 0.5, 0.6))
    drip = math_node(nt, 'MULTIPLY', drip, calm)
    # Oil under the parked cars: blotchy drips down the middle of each bay (bays 2.55 m wide from x = -40).
    ph = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', math_node(nt, 'ADD', X, 40.0), 2.55))
    mid = smooth_band(nt, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', ph, 0.5)), 0.22, 0.08)
    in_bay = math_node(nt, 'MAXIMUM', smooth_band(nt, Y, 5.5, 6.3, 7.8, 8.6), smooth_band(nt, Y, 21.0, 22.0, 29.0, 30.0))
    bayoil = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', mid, in_bay),
                       smooth_band(nt, noise(nt, c, 1.6, 6, 0.65, distortion=0.4), 0.52, 0.66))
    drip = math_node(nt, 'MAXIMUM', drip, math_node(nt, 'MULTIPLY', bayoil, 0.8))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', drip, 0.55), col, (0.025, 0.024, 0.023))
    rough = math_node(nt, 'SUBTRACT', 0.86, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', lanes, 0.18),
                                                      math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tar, 0.5),
                                                                math_node(nt, 'MULTIPLY', drip, 0.35))))
    height = math_node(nt, 'SUBTRACT', height, math_node(nt, 'MULTIPLY', hair, 2.0))
    principled(nt, out, col, rough, 0.4, 0.0, bump(nt, height, 0.35, 0.004))
    meta['floor'] = {'gloss': 0.04, 'roughness': 0.7, 'kind': 'asphalt'}
    return m


def s12b_patch_mat(name, sx, sy, base=(0.05, 0.049, 0.048), seal=0.05):
    """A saw-cut repair patch (`sx` x `sy` m plane): newer, darker, finer asphalt, its cut edge sealed with a
    band of tar `seal` m wide that wanders a little and is scuffed off in places."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, coord(nt, 'Generated'), sep.inputs[0])  # 0-1 over the patch, wherever its origin is
    dx = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 0.5, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['X'], 0.5))), sx)
    dy = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 0.5, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['Y'], 0.5))), sy)
    d = math_node(nt, 'MINIMUM', dx, dy)
    d = math_node(nt, 'ADD', d, math_node(nt, 'MULTIPLY', noise(nt, c, 3.0, 3, 0.5), 0.03))
    band = math_node(nt, 'MULTIPLY', smooth_band(nt, d, seal, seal * 0.8),
                     smooth_band(nt, noise(nt, c, 2.5, 3, 0.5), 0.22, 0.3))
    col = ramp(nt, noise(nt, c, 0.6, 4, 0.5), [(0.3, tuple(v * 0.9 for v in base)), (0.7, tuple(v * 1.12 for v in base))])
    v = s12b_voronoi(nt, c, 140.0)
    inside = smooth_band(nt, v.outputs['Distance'], 0.38, 0.3)
    cs = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, v.outputs['Color'], cs.inputs[0])
    st = ramp(nt, cs.outputs['R'], [(0.0, (0.04, 0.04, 0.04)), (1.0, (0.16, 0.15, 0.14))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', inside, 0.5), col, st)
    wear = smooth_band(nt, noise(nt, c, 1.2, 4, 0.6), 0.55, 0.7)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', wear, 0.35), col, (0.1, 0.096, 0.09))
    col = mix_rgb(nt, band, col, (0.01, 0.01, 0.011))
    rough = math_node(nt, 'SUBTRACT', 0.8, math_node(nt, 'MULTIPLY', band, 0.45))
    principled(nt, out, col, rough, 0.4, 0.0, bump(nt, inside, 0.25, 0.003))
    return m


def s12b_patches(specs):
    """Repair patches as planes just over the asphalt: (cx, cy, sx, sy, rot, tone)."""
    for i, (cx, cy, sx, sy, rz, t) in enumerate(specs):
        plane(sx, sy, (cx, cy, 0.0042), s12b_patch_mat('s12b-patch%d' % i, sx, sy, tuple(v * t for v in (0.05, 0.049, 0.048))),
              rot=(0, 0, rz))


def s12b_paint_mat(name='s12b-paint', color=(0.74, 0.72, 0.66), fade=0.5):
    """Bay-line paint years old: worn through in patches where tyres run, missing in the voids between
    stones (the paint sits on the chips' tops), dusty, a little yellowed."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    wear = smooth_band(nt, math_node(nt, 'ADD', noise(nt, c, 1.6, 6, 0.65), math_node(nt, 'MULTIPLY', noise(nt, c, 12.0, 3, 0.6), 0.15)),
                       0.3 + 0.1 * fade, 0.5 + 0.1 * fade)
    v = s12b_voronoi(nt, c, 95.0)
    onstone = smooth_band(nt, v.outputs['Distance'], 0.62, 0.45)
    speck = smooth_band(nt, noise(nt, c, 45.0, 3, 0.6), 0.32, 0.5)
    cover = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', wear, onstone), speck)
    cover = math_node(nt, 'MULTIPLY', cover, 1.0 - 0.35 * fade)
    dirt = ramp(nt, noise(nt, c, 3.0, 4, 0.6), [(0.3, (0.78, 0.76, 0.72)), (0.7, (1.0, 1.0, 1.0))])
    p_ = principled(nt, out, mix_rgb(nt, 1.0, color, dirt, 'MULTIPLY'), 0.62, 0.4)
    worn_cover(nt, out, cover, p_)
    return m


def s12b_bay_lines(rows, x0=-40.0, x1=40.0, pitch=2.55, seed=3):
    """Bay lines painted by hand with a line marker: each a little off square, of its own width and length,
    and here and there the ghost of an older layout a few tens of centimetres off."""
    import numpy as np
    rng = np.random.default_rng(seed)
    lines = Batch(s12b_paint_mat(), 's12b-bay-lines')
    ghosts = Batch(s12b_paint_mat('s12b-paint-ghost', (0.6, 0.58, 0.52), fade=1.6), 's12b-bay-ghost')
    for (y0, y1) in rows:
        x = x0
        while x < x1:
            a = y0 + rng.normal(0, 0.05)
            b = y1 + rng.normal(0, 0.08)
            lines.box((rng.uniform(0.095, 0.125), b - a, 0.003), (x + rng.normal(0, 0.02), (a + b) / 2, 0.0015),
                      rot_z=rng.normal(0, 0.006))
            if rng.random() < 0.3:
                gx = x + rng.choice((-1, 1)) * rng.uniform(0.35, 0.7)
                ghosts.box((0.1, (y1 - y0) * rng.uniform(0.7, 1.0), 0.003), (gx, (y0 + y1) / 2 + rng.normal(0, 0.2), 0.0012),
                           rot_z=rng.normal(0, 0.01))
            x += pitch
    lines.done()
    ghosts.done()


def s12b_shrub_mesh(seed, length, depth, height, name, mats):
    """A clipped shrub hedge (photinia / laurel kind, as Turkish car-park islands have) as the camera sees it
    at 20-30 m: a dark inner body (so gaps show shadowed foliage, not the sky) wrapped in leaf cards 7-12 cm
    long, densest at the clipped outer surface, the top a little lumpy, its ends rounded; tone per leaf by
    exposure (lighter on top, new red-bronze shoots on a share of the top). mats: [leaves, inner]."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    # Inner body: a box mesh with a lumpy top, as quads.
    nx = max(2, int(length / 0.5))
    xs = np.linspace(-length / 2, length / 2, nx + 1)
    for i in range(nx):
        x0, x1 = xs[i], xs[i + 1]
        hh = height * (0.85 + 0.1 * rng.random())
        dd = depth * 0.42
        q = [[[x0, -dd, 0], [x1, -dd, 0], [x1, -dd, hh], [x0, -dd, hh]],
             [[x0, dd, 0], [x0, dd, hh], [x1, dd, hh], [x1, dd, 0]],
             [[x0, -dd, hh], [x1, -dd, hh], [x1, dd, hh], [x0, dd, hh]]]
        soup.quads(np.array(q), 1)
    for sx in (-1, 1):
        xe = sx * length / 2
        soup.quads(np.array([[[xe, -depth * 0.42, 0], [xe, depth * 0.42, 0], [xe, depth * 0.42, height * 0.85],
                              [xe, -depth * 0.42, height * 0.85]]]), 1)
    area = length * (depth + 2 * height)
    n = int(area * 900)
    # Points near the clipped surface of a rounded box: pick a face by its area, then push inwards a little.
    u = rng.random(n)
    side_share = 2 * height / (depth + 2 * height)
    on_side = u < side_share
    x = rng.uniform(-length / 2, length / 2, n)
    lumps = 0.06 * np.sin(x * 2.1 + rng.random() * 6) + 0.05 * np.sin(x * 5.3 + rng.random() * 6)
    y = np.where(on_side, np.where(rng.random(n) < 0.5, -1, 1) * depth / 2, rng.uniform(-depth / 2, depth / 2, n))
    z = np.where(on_side, rng.uniform(0.05, height, n) ** 1.0, height + lumps)
    # Round the top edges and the ends.
    ey = np.abs(y) / (depth / 2)
    z = np.where(~on_side, z - 0.12 * ey ** 4, z)
    end = np.clip((np.abs(x) - (length / 2 - 0.3)) / 0.3, 0, 1)
    y = y * (1 - 0.35 * end ** 2)
    z = z * (1 - 0.25 * end ** 2)
    inward = rng.random(n) ** 2 * 0.14
    nrm = np.stack([np.zeros(n), np.where(on_side, np.sign(y), 0.0), np.where(on_side, 0.0, 1.0)], axis=1)
    nrm[:, 0] += np.sign(x) * end
    pts = np.stack([x, y, z], axis=1) - nrm * inward[:, None] + rng.normal(0, 0.02, (n, 3))
    expo = np.clip(0.45 * (1 - inward / 0.14) + 0.35 * np.clip(z / height, 0, 1) + 0.2 * (~on_side), 0, 1)
    tone = np.clip(0.5 * rng.random(n) + 0.5 * expo, 0, 1)
    s10a_leaf_cards(soup, rng, pts, rng.uniform(0.07, 0.12, n), nrm + np.array([0, 0, 0.3]), 0, aspect=0.45, fold=0.2,
                    tone=tone)
    return soup.mesh(name, mats)


def s12b_cloud_shadow(sun_elev, sun_az, z, centre, radius, seed=1.0, density=0.92):
    """The shadow of a passing cumulus: a plane high up that only casts shadows (camera, diffuse and glossy
    rays pass through), opaque inside a ragged blob that falls on the ground round `centre` (x, y) with
    ~`radius` m, soft at its edge as a cloud's is."""
    m, nt, out = new_mat('s12b-cloud-shadow')
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, coord(nt, 'Generated'), sep.inputs[0])  # 0-1 over the plane (its object origin need not be its centre)
    gx = math_node(nt, 'SUBTRACT', sep.outputs['X'], 0.5)
    gy = math_node(nt, 'SUBTRACT', sep.outputs['Y'], 0.5)
    r = math_node(nt, 'MULTIPLY', math_node(nt, 'SQRT', math_node(nt, 'ADD', math_node(nt, 'POWER', gx, 2.0),
                                                                   math_node(nt, 'POWER', gy, 2.0))), 6.0)
    r = math_node(nt, 'ADD', r, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.02, 5, 0.6), 0.5), 1.1))
    cover = math_node(nt, 'MULTIPLY', smooth_band(nt, r, 1.15, 0.8), density)
    tr = nt.nodes.new('ShaderNodeBsdfTransparent')
    dk = nt.nodes.new('ShaderNodeBsdfDiffuse')
    dk.inputs['Color'].default_value = (0, 0, 0, 1)
    mx = nt.nodes.new('ShaderNodeMixShader')
    link(nt, cover, mx.inputs[0])
    link(nt, tr.outputs[0], mx.inputs[1])
    link(nt, dk.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])
    el, az = math.radians(sun_elev), math.radians(sun_az)
    t = z / math.sin(el)
    ox, oy = math.sin(az) * math.cos(el) * t, math.cos(az) * math.cos(el) * t
    o = plane(radius * 6, radius * 6, (centre[0] + ox, centre[1] + oy, z), m)
    for a in ('visible_camera', 'visible_diffuse', 'visible_glossy', 'visible_transmission', 'visible_volume_scatter'):
        setattr(o, a, False)
    return o


def s12b_drainpipes(xs, y, top, mat):
    """Rainwater downpipes down the facade: a pipe off the wall on brackets, a swan neck at the top and a
    shoe at the foot, each a shade different in its plumb."""
    import numpy as np
    rng = np.random.default_rng(7)
    for x in xs:
        lean = rng.normal(0, 0.004)
        cylinder(0.055, top - 0.3, (x, y - 0.1, (top - 0.3) / 2), mat, rot=(0, lean, 0), verts=12)
        box((0.12, 0.2, 0.25), (x, y - 0.06, top - 0.2), mat, bevel=0.02)
        box((0.14, 0.2, 0.1), (x + 0.03, y - 0.12, 0.08), mat, bevel=0.02)
        for zz in np.arange(1.6, top - 0.5, 2.0):
            box((0.15, 0.12, 0.04), (x, y - 0.06, zz), mat, bevel=0.005)


def s12b_bar(p0, p1, r, mat, verts=6):
    """A round bar from p0 to p1 (a car's window pillar)."""
    a, b = Vector(p0), Vector(p1)
    d = b - a
    rot = Vector((0, 0, 1)).rotation_difference(d.normalized()).to_euler()
    return cylinder(r, d.length, tuple((a + b) / 2), mat, rot=tuple(rot), verts=verts)


def s12b_person(rng, x, y, k, z0=0.0, bag=True):
    """A shopper at 30-50 m (session 12, finer than s11f_visitor's box torso, which read as a mannequin):
    tapered legs with shoes, a torso that narrows to the waist and is flattened front to back, shoulders,
    arms hanging with a little swing, neck, head and hair; often a shopping bag in one hand. One mesh."""
    import numpy as np
    soup = Soup()
    hgt = rng.uniform(1.58, 1.86)
    s_ = hgt / 1.75
    stride = rng.uniform(-0.18, 0.18)
    for side in (-1, 1):
        hip = np.array([side * 0.09, 0.0, 0.9]) * s_
        foot = np.array([side * 0.1, side * stride, 0.06]) * s_
        knee = (hip + foot) / 2 + np.array([0, 0.03, 0])
        tube(soup, np.array([hip, knee, foot]), np.array([0.085, 0.058, 0.045]) * s_, 1, sides=8)
        tube(soup, np.array([foot + np.array([0, -0.03, -0.03]), foot + np.array([0, 0.13, -0.04])]) * np.array([1, 1, 1]),
             np.array([0.045, 0.04]), 4, sides=6)
    torso = np.array([[0, 0, 0.86], [0, 0, 1.02], [0, 0, 1.2], [0, 0, 1.38], [0, 0, 1.45]]) * s_
    tube(soup, torso, np.array([0.15, 0.14, 0.16, 0.17, 0.09]) * s_, 0, sides=10)
    tube(soup, np.array([[0, 0, 1.44], [0, 0.01, 1.53]]) * s_, np.array([0.05, 0.05]) * s_, 2, sides=6)
    for side in (-1, 1):
        sh = np.array([side * 0.2, 0, 1.4]) * s_
        sw = -side * stride * 0.6
        el = sh + np.array([side * 0.03, sw * 0.5, -0.28]) * s_
        ha = el + np.array([side * 0.01, sw, -0.26]) * s_
        tube(soup, np.array([sh, el, ha]), np.array([0.055, 0.045, 0.035]) * s_, 0, sides=6)
        tube(soup, np.array([ha, ha + np.array([0, 0, -0.08]) * s_]), np.array([0.03, 0.025]) * s_, 2, sides=5)
        if bag and side == 1 and rng.random() < 0.7:
            bc = ha + np.array([0.04, 0, -0.28]) * s_
            q = np.array([[[-0.02, -0.18, -0.16], [-0.02, 0.18, -0.16], [-0.02, 0.18, 0.16], [-0.02, -0.18, 0.16]],
                          [[0.08, -0.18, -0.16], [0.08, -0.18, 0.16], [0.08, 0.18, 0.16], [0.08, 0.18, -0.16]],
                          [[-0.02, -0.18, -0.16], [-0.02, -0.18, 0.16], [0.08, -0.18, 0.16], [0.08, -0.18, -0.16]],
                          [[-0.02, 0.18, -0.16], [0.08, 0.18, -0.16], [0.08, 0.18, 0.16], [-0.02, 0.18, 0.16]]]) + bc
            soup.quads(q, 5)
    head = np.array([0, 0.01, 1.64]) * s_
    ico = 0.105 * s_
    ang = np.linspace(0, np.pi, 7)
    prof = np.stack([np.zeros(7), np.zeros(7), -np.cos(ang) * ico * 1.1], axis=1) + head
    tube(soup, prof, np.sin(ang) * ico * 0.92 + 0.005, 2, sides=10)
    hair = np.array([[0, -0.015, 1.64], [0, -0.02, 1.7], [0, -0.01, 1.76]]) * s_
    tube(soup, hair, np.array([0.1, 0.1, 0.06]) * s_ * rng.uniform(0.98, 1.1), 3, sides=10)
    top = rng.choice([(0.03, 0.03, 0.035), (0.12, 0.13, 0.16), (0.05, 0.08, 0.15), (0.35, 0.33, 0.3), (0.45, 0.07, 0.06),
                      (0.6, 0.6, 0.58), (0.2, 0.25, 0.15), (0.5, 0.42, 0.3)])
    legs = rng.choice([(0.02, 0.02, 0.025), (0.06, 0.08, 0.14), (0.2, 0.18, 0.15), (0.04, 0.05, 0.09)])
    skin = rng.choice([(0.36, 0.24, 0.17), (0.3, 0.2, 0.14), (0.42, 0.3, 0.22)])
    hairc = rng.choice([(0.015, 0.012, 0.01), (0.05, 0.035, 0.02), (0.02, 0.018, 0.016)])
    bagc = rng.choice([(0.75, 0.72, 0.66), (0.5, 0.06, 0.05), (0.08, 0.1, 0.2), (0.85, 0.6, 0.15)])
    mats = [simple_mat('s12b-top%d' % k, tuple(top), 0.8, grain=0.1), simple_mat('s12b-legs%d' % k, tuple(legs), 0.8, grain=0.1),
            simple_mat('s12b-skin%d' % k, tuple(skin), 0.5, grain=0.05), simple_mat('s12b-hair%d' % k, tuple(hairc), 0.6),
            simple_mat('s12b-shoe%d' % k, (0.02, 0.02, 0.02), 0.5), simple_mat('s12b-bag%d' % k, tuple(bagc), 0.6, grain=0.05)]
    me = soup.mesh('s12b-person%d' % k, mats, smooth=True)
    return put(me, (x, y, z0), rot_z=rng.uniform(0, 2 * math.pi), scale=(1.0, 0.72, 1.0))


def s12b_parked_cars(spots, seed=5):
    """The far bays' cars (rounded body, raked glasshouse, lamps, wheels, common colours; session 10's
    s10a_parked_cars, which this replaced), plus what the eye looks for at 25-40 m: door
    mirrors, a dark sill and wheel-arch shadow, a white number plate, roof rails on some, a taller SUV or
    van among them; each askew in its bay."""
    import numpy as np
    rng = np.random.default_rng(seed)
    cols = [(0.75, 0.75, 0.74), (0.72, 0.72, 0.7), (0.42, 0.43, 0.44), (0.02, 0.02, 0.022), (0.25, 0.02, 0.02),
            (0.04, 0.08, 0.2), (0.6, 0.6, 0.6), (0.15, 0.15, 0.16), (0.55, 0.5, 0.42)]
    paints = [s10a_car_paint('s12b-paint%d' % i, c) for i, c in enumerate(cols)]
    glass = simple_mat('s12b-car-glass', (0.01, 0.012, 0.014), 0.05, spec=0.8, grain=0.0)
    rubber = simple_mat('s12b-tyre', (0.02, 0.02, 0.02), 0.8, grain=0.05)
    trim = simple_mat('s12b-trim', (0.03, 0.03, 0.03), 0.5, grain=0.05)
    red = simple_mat('s12b-taillamp', (0.35, 0.01, 0.01), 0.2, grain=0.0)
    lamp = simple_mat('s12b-headlamp', (0.6, 0.6, 0.62), 0.1, metallic=0.5, grain=0.0)
    plate = simple_mat('s12b-plate', (0.7, 0.7, 0.68), 0.4, grain=0.05)
    for (x, y) in spots:
        k = rng.integers(0, len(cols))
        tall = rng.random() < 0.25
        L, W = rng.uniform(4.1, 4.7), rng.uniform(1.72, 1.85)
        H = rng.uniform(1.62, 1.75) if tall else rng.uniform(1.42, 1.52)
        rz = math.pi / 2 + rng.normal(0, 0.04)
        face = 1 if rng.random() < 0.6 else -1
        ca, sa = math.cos(rz), math.sin(rz)

        def at(lx, ly, lz):
            return (x + lx * ca - ly * sa, y + lx * sa + ly * ca, lz)
        bh = 0.8 if tall else 0.72
        box((L, W, bh), at(0, 0, 0.26 + bh / 2), paints[k], bevel=0.22, rot=(0, 0, rz))
        box((L * 0.96, W * 0.98, 0.14), at(0, 0, 0.3), trim, bevel=0.05, rot=(0, 0, rz))
        gh = H - bh - 0.28
        s10a_glasshouse(L * (0.7 if tall else 0.62), W * 0.9, gh, at(-0.1 * face, 0, 0.24 + bh), rz + (0 if face > 0 else math.pi),
                        glass, rake=0.18 if tall else 0.3)
        box((L * (0.5 if tall else 0.36), W * 0.68, 0.05), at(-0.16 * face, 0, H - 0.02), paints[k], bevel=0.02, rot=(0, 0, rz))
        # Window pillars in body colour (thin A-pillars at the nose, broad C-pillars at the tail) and a black
        # seal where the glass meets the body, so the glasshouse is not one dark lump.
        ga, gb = L * (0.7 if tall else 0.62) / 2, W * 0.9 / 2
        rk = 0.18 if tall else 0.3
        ra, rb = ga * (1 - rk), gb * 0.8
        z0 = 0.24 + bh
        for sy in (-1, 1):
            for (bx_, tx_, pr) in ((ga, ra * 0.85, 0.045), (-ga, -ra, 0.1 if not tall else 0.07)):
                p0 = at(-0.1 * face + face * bx_, sy * gb, z0)
                p1 = at(-0.1 * face + face * tx_, sy * rb, z0 + gh)
                s12b_bar(p0, p1, pr, paints[k])
        box((L * (0.7 if tall else 0.62) + 0.04, W * 0.92, 0.05), at(-0.1 * face, 0, z0 + 0.01), trim, bevel=0.02, rot=(0, 0, rz))
        if tall and rng.random() < 0.7:
            for sy in (-1, 1):
                box((L * 0.5, 0.04, 0.04), at(-0.16 * face, sy * W * 0.3, H + 0.03), trim, bevel=0.01, rot=(0, 0, rz))
        for sy in (-1, 1):
            box((0.1, 0.16, 0.11), at(face * L * 0.18, sy * (W / 2 + 0.07), 0.26 + bh + 0.08), paints[k], bevel=0.03, rot=(0, 0, rz))
        for sx in (-1, 1):
            box((0.12, W + 0.02, 0.22), at(sx * (L / 2 - 0.02), 0, 0.38), trim, bevel=0.05, rot=(0, 0, rz))
            box((0.02, 0.52, 0.12), at(sx * (L / 2 + 0.06), 0, 0.5), plate, bevel=0.005, rot=(0, 0, rz))
            for sy in (-1, 1):
                cylinder(0.31, 0.2, at(sx * L * 0.33, sy * (W / 2 - 0.08), 0.31), rubber, rot=(math.pi / 2, 0, rz), verts=20)
                box((0.05, 0.32, 0.12), at(sx * (L / 2 + 0.005), sy * (W / 2 - 0.25), 0.26 + bh - 0.12),
                    lamp if sx == face else red, bevel=0.02, rot=(0, 0, rz))


def pane_tilt(nt, noise_colour, tilt):
    """The surface normal tilted by up to `tilt` per pane (`noise_colour`: a white noise colour, one per
    pane), so the reflection breaks at every mullion as real glazing does."""
    off = nt.nodes.new('ShaderNodeVectorMath')
    off.operation = 'SUBTRACT'
    link(nt, noise_colour, off.inputs[0])
    off.inputs[1].default_value = (0.5, 0.5, 0.5)
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    nsum = nt.nodes.new('ShaderNodeVectorMath')
    nsum.operation = 'ADD'
    link(nt, geo.outputs['Normal'], nsum.inputs[0])
    link(nt, math_node_vec_scale(nt, off.outputs[0], (2 * tilt, 2 * tilt, 2 * tilt)), nsum.inputs[1])
    nn = nt.nodes.new('ShaderNodeVectorMath')
    nn.operation = 'NORMALIZE'
    link(nt, nsum.outputs[0], nn.inputs[0])
    return nn.outputs[0]


def shop_glass_surface(nt, out, inside, strength, normal):
    """Shop glass over its interior: a sharp Fresnel reflection (IOR 1.52, plus 0.1) mixed over an emissive
    interior of colour `inside` and `strength` (a number or a socket) that does not take the sun."""
    e = nt.nodes.new('ShaderNodeEmission')
    link(nt, inside, e.inputs['Color'])
    if isinstance(strength, (int, float)):
        e.inputs['Strength'].default_value = strength
    else:
        link(nt, strength, e.inputs['Strength'])
    g = nt.nodes.new('ShaderNodeBsdfGlossy')
    g.inputs['Roughness'].default_value = 0.01
    link(nt, normal, g.inputs['Normal'])
    fres = nt.nodes.new('ShaderNodeFresnel')
    fres.inputs['IOR'].default_value = 1.52
    link(nt, normal, fres.inputs['Normal'])
    mix = nt.nodes.new('ShaderNodeMixShader')
    link(nt, math_node(nt, 'ADD', fres.outputs[0], 0.1), mix.inputs[0])
    link(nt, e.outputs[0], mix.inputs[1])
    link(nt, g.outputs[0], mix.inputs[2])
    link(nt, mix.outputs[0], out.inputs['Surface'])


def s12b_shop_glass_mat(name, cell, x0=0.0, z0=0.0, shop=False, tilt=0.012):
    """Curtain-wall or shopfront glass (session 12; planes here have world = object coordinates): each pane
    (`cell` = (width, height) m from x0, z0) set a hair off true, so the reflection of the sky and trees
    breaks at every mullion as real glazing does; behind it an interior that does not take the sun (an
    emitter: dim, with faint lit patches) and, for shops (`shop`), rows of ceiling light fittings and
    stock and displays in blurred colour below them."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    X, Z = sep.outputs['X'], sep.outputs['Z']
    cx = math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', X, x0), cell[0]))
    cz = math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', Z, z0), cell[1]))
    cv = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, cx, cv.inputs[0])
    link(nt, cz, cv.inputs[1])
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, cv.outputs[0], wn.inputs['Vector'])
    normal = pane_tilt(nt, wn.outputs['Color'], tilt)
    pane = math_node(nt, 'MULTIPLY', wn.outputs['Value'], 1.0)
    inside = ramp(nt, noise(nt, c, 0.25, 3, 0.5), [(0.4, (0.02, 0.022, 0.025)), (0.7, (0.05, 0.048, 0.045))])
    if shop:
        zl = smooth_band(nt, Z, 3.45, 3.5, 3.62, 3.67)
        lx = smooth_band(nt, math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', X, 1.5)), 0.1, 0.13, 0.55, 0.58)
        lights = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', zl, lx), math_node(nt, 'GREATER_THAN', pane, 0.15))
        stock = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 2.5)), 1.4, 3, 0.5),
                     [(0.2, (0.03, 0.02, 0.02)), (0.4, (0.12, 0.1, 0.08)), (0.55, (0.05, 0.06, 0.1)), (0.7, (0.12, 0.06, 0.05)),
                      (0.85, (0.14, 0.14, 0.13))])
        low = smooth_band(nt, Z, 0.3, 0.5, 2.1, 2.4)
        inside = mix_rgb(nt, math_node(nt, 'MULTIPLY', low, 0.8), inside, stock)
        inside = mix_rgb(nt, lights, inside, (3.0, 2.8, 2.5))
    shop_glass_surface(nt, out, inside, 1.0, normal)
    return no_light_sampling(m)


def s14C_unit_index(nt, X, bounds):
    """Which shop unit X falls in: the count of unit boundaries (ascending) below X, as a shader value."""
    idx = None
    for b in bounds:
        g = math_node(nt, 'GREATER_THAN', X, b)
        idx = g if idx is None else math_node(nt, 'ADD', idx, g)
    return idx


def s14C_shop_units_mat(name, bounds, seed=0.0, tilt=0.012):
    """Mall shopfront glazing as a row of different shops (session 14; reviewers: "a rendered-looking mall"):
    the units between `bounds` (x, metres) each draw their own interior brightness and tint, ceiling lights
    (strips, squares or none, at their own spacing and height), stock, and for some a frosted film over the
    lower glass or an empty, whitewashed unit. Panes a hair off true (breaking the reflection at each
    mullion) and a sharp Fresnel reflection over an emissive interior that does not take the sun, as in
    `s12b_shop_glass_mat`. Planes here have world = object coordinates."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    X, Z = sep.outputs['X'], sep.outputs['Z']
    unit = s14C_unit_index(nt, X, bounds)

    def rnd(k):
        v = nt.nodes.new('ShaderNodeCombineXYZ')
        link(nt, unit, v.inputs[0])
        v.inputs[1].default_value = k
        v.inputs[2].default_value = seed
        wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
        wn.noise_dimensions = '3D'
        link(nt, v.outputs[0], wn.inputs['Vector'])
        return wn.outputs['Value']
    r_lvl, r_pitch, r_kind, r_film, r_tint = rnd(1.0), rnd(2.0), rnd(3.0), rnd(4.0), rnd(5.0)
    # Pane tilt: per 1.2-m column and unit.
    pv = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', X, 1.2)), pv.inputs[0])
    link(nt, unit, pv.inputs[1])
    pv.inputs[2].default_value = seed + 7.0
    pw = nt.nodes.new('ShaderNodeTexWhiteNoise')
    pw.noise_dimensions = '3D'
    link(nt, pv.outputs[0], pw.inputs['Vector'])
    normal = pane_tilt(nt, pw.outputs['Color'], tilt)
    # The interior: its own level (x0.5-1.7) and tint (cool, neutral or warm).
    tint = ramp(nt, r_tint, [(0.0, (0.85, 0.95, 1.15)), (0.5, (1.0, 1.0, 1.0)), (1.0, (1.15, 1.0, 0.82))])
    base = ramp(nt, noise(nt, c, 0.35, 3, 0.5), [(0.35, (0.025, 0.025, 0.027)), (0.7, (0.07, 0.066, 0.06))])
    stock = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 2.5)), 1.3, 3, 0.5),
                 [(0.2, (0.03, 0.02, 0.02)), (0.4, (0.14, 0.11, 0.08)), (0.55, (0.05, 0.06, 0.11)), (0.7, (0.15, 0.06, 0.05)),
                  (0.85, (0.17, 0.17, 0.16))])
    low = smooth_band(nt, Z, 0.3, 0.55, 1.9, 2.3)
    inside = mix_rgb(nt, math_node(nt, 'MULTIPLY', low, 0.85), base, stock)
    # Ceiling lights: height 3.2-3.7 m, pitch 1.0-2.6 m, strips (long) or squares by unit, some units none.
    zc = math_node(nt, 'ADD', 3.25, math_node(nt, 'MULTIPLY', r_pitch, 0.4))
    dz = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', Z, zc))
    zl = smooth_band(nt, dz, 0.07, 0.035)
    pitch = math_node(nt, 'ADD', 1.0, math_node(nt, 'MULTIPLY', r_pitch, 1.6))
    fx = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', X, pitch))
    width = math_node(nt, 'ADD', 0.12, math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', r_kind, 0.55), 0.5))
    lx = math_node(nt, 'LESS_THAN', fx, width)
    on = math_node(nt, 'GREATER_THAN', r_kind, 0.18)
    lights = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', zl, lx), on)
    inside = mix_rgb(nt, lights, inside, (2.6, 2.5, 2.3))
    level = math_node(nt, 'ADD', 0.5, math_node(nt, 'MULTIPLY', r_lvl, 1.2))
    inside = mix_rgb(nt, 1.0, inside, tint, 'MULTIPLY')
    # Empty units (r_kind < 0.18): whitewashed glass, a pale even grey; film over the lower glass in others.
    empty = math_node(nt, 'LESS_THAN', r_kind, 0.18)
    wash = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 1.6)), 2.2, 4, 0.6), [(0.3, (0.16, 0.16, 0.15)), (0.7, (0.26, 0.25, 0.24))])
    inside = mix_rgb(nt, empty, inside, wash)
    film = math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', r_film, 0.72), smooth_band(nt, Z, 0.95, 1.0, 1.75, 1.8))
    inside = mix_rgb(nt, math_node(nt, 'MULTIPLY', film, 0.8), inside, (0.3, 0.3, 0.29))
    shop_glass_surface(nt, out, inside, level, normal)
    return no_light_sampling(m)


def s14C_shop_row(x0, x1, y, frame, pier_mat, rng, min_w=6.0, max_w=13.0):
    """Shop unit boundaries from x0 to x1 (each unit 6-13 m) and their fronts: a 0.5-m cladding pier at each
    boundary and mullions at each unit's own spacing (2.2-3.4 m), transom at its own height. Returns the
    boundaries for `s14C_shop_units_mat`."""
    bounds = []
    x = x0 + rng.uniform(2.0, min_w)
    while x < x1 - 2.0:
        bounds.append(x)
        x += rng.uniform(min_w, max_w)
    frames = Batch(frame, 's14C-frames-%d' % int(y))
    piers = Batch(pier_mat, 's14C-piers-%d' % int(y))
    edges = [x0] + bounds + [x1]
    for a, b in zip(edges, edges[1:]):
        n = max(1, round((b - a) / rng.uniform(2.2, 3.4)))
        for k in range(1, n):
            frames.box((0.1, 0.15, 4.4), (a + k * (b - a) / n, y - 0.06, 2.2))
        tz = rng.choice([None, 2.9, 3.1])
        if tz:
            frames.box((b - a, 0.15, 0.08), ((a + b) / 2, y - 0.06, tz))
    for bx in bounds:
        piers.box((0.5, 0.3, 4.4), (bx, y - 0.12, 2.2))
    frames.box((x1 - x0, 0.15, 0.12), ((x0 + x1) / 2, y - 0.06, 4.35))
    frames.box((x1 - x0, 0.15, 0.12), ((x0 + x1) / 2, y - 0.06, 0.2))
    frames.done()
    piers.done()
    return bounds


def s14C_bollards(xs, y, steel, band):
    """Steel bollards along the footway (11-cm tube, 0.9 m, a grey reflective band), each a little off plumb."""
    for bx in xs:
        t = (random.gauss(0, 0.015), random.gauss(0, 0.015), 0)
        cylinder(0.055, 0.9, (bx, y, 0.6), steel, rot=t, verts=16)
        cylinder(0.057, 0.06, (bx - t[1] * 0.35, y + t[0] * 0.35, 0.95), band, rot=t, verts=16)


def s14C_trolley_shelter(x, y, frame, roof, trolley_batch):
    """A trolley shelter in a parking bay: four galvanised posts, a mono-pitch clear roof, a rail down the
    middle and a row of nested trolleys (each 0.27 m into the one in front)."""
    L, W = 4.6, 2.3
    for sx in (-1, 1):
        for sy in (-1, 1):
            box((0.08, 0.08, 2.3 + 0.15 * sy), (x + sx * W / 2, y + sy * L / 2, (2.3 + 0.15 * sy) / 2), frame, bevel=0.005)
    for sx in (-1, 1):
        box((0.06, L + 0.2, 0.1), (x + sx * W / 2, y, 2.36), frame, bevel=0.004, rot=(math.atan2(0.3, L), 0, 0))
    box((W + 0.3, L + 0.4, 0.02), (x, y, 2.42), roof, bevel=0.002, rot=(math.atan2(0.3, L), 0, 0))
    box((0.05, L, 0.05), (x, y, 0.95), frame, bevel=0.003)
    for k in range(7):
        s10a_trolley(trolley_batch, x, y - L / 2 + 0.6 + k * 0.27 * 1.0 + (0.9 if k > 4 else 0.0), math.pi / 2)


def s14C_gully(x, y, rz, iron, surround):
    """A road gully: a cast-iron slotted grate in a concrete surround, flush with the asphalt."""
    box((0.62, 0.5, 0.012), (x, y, 0.004), surround, bevel=0.004, rot=(0, 0, rz))
    box((0.46, 0.36, 0.012), (x, y, 0.007), iron, bevel=0.002, rot=(0, 0, rz))


def s14C_zebra(x, y0, y1, width, paint):
    """A zebra crossing across an aisle: bars along X, 0.5 m deep with 0.5-m gaps, from y0 to y1."""
    bars = Batch(paint, 's14C-zebra')
    y = y0 + 0.25
    while y < y1:
        bars.box((width, 0.5, 0.003), (x + random.gauss(0, 0.02), y, 0.0015), rot_z=random.gauss(0, 0.004))
        y += 1.0
    bars.done()


def s_mall_car_park():
    """A shopping centre's open-air car park (session 7; was an indoor deck, whose tube-lit ceiling contradicted
    the sky and trees mirrored in street photos' paint): the car in the aisle, marked bays behind it, a kerbed
    planted island with trees and lamp columns, more bays, then the mall: a long clad box with a glazed
    entrance hall under a canopy, shopfront glazing, blank brand panels (no text to read), a totem; fair
    weather cumulus. Shot as the street: 40 mm at 8 m, 1.3 m high, level, f/5.6."""
    extra = {'night': False, 'perspectiveLines': True, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 48, 140
    fair_day(sun_elev, sun_az, cover=0.4, seed=3.0)
    # Session 12: asphalt built to hold up at 100 % (stones, sealed cracks, tyre lanes), saw-cut repair
    # patches, hand-painted bay lines; the s10a wear film (oil in the bays, kerb dust) stays over it.
    plane(6000, 6000, (0, 0, 0), s12b_asphalt_mat((0.075, 0.073, 0.07)))
    # Saw-cut repair patches: one cut by the frame's lower left corner, the others in the aisle behind the bays.
    s12b_patches(((-1.75, -3.55, 1.6, 0.95, 0.03, 1.9), (-5.6, 11.0, 3.0, 1.6, 0.012, 1.5), (6.3, 11.6, 2.2, 1.3, -0.01, 1.1),
                  (-2.5, 3.4, 1.6, 1.0, 0.02, 1.6)))
    s12b_bay_lines(((4.2, 9.2), (20.2, 25.2), (25.4, 30.4)))
    # Session 10 trees (s10a_broadleaf_mesh), session 12: only two on the island, at the frame's edges, and a
    # clipped photinia hedge along it that hides the far cars' lower bodies and wheels.
    leaf = s10a_leaf_mat('mall-s10a-leaf', (0.018, 0.035, 0.012), (0.05, 0.085, 0.025), (0.15, 0.19, 0.06),
                         dry=(0.12, 0.1, 0.045), translucent=0.3, sheen=0.42, dry_share=0.015)
    bark = bark2_mat('mall-s10a-bark', (0.09, 0.08, 0.07), lichen=(0.2, 0.21, 0.17))
    trees = [s10a_broadleaf_mesh(41 + i, h, cr, 'mall-s10a-tree%d' % i, [leaf, bark], leaves=1.0, lean=ln)
             for i, (h, cr, ln) in enumerate(((7.0, 2.9, 0.05), (6.2, 2.6, -0.08), (7.6, 3.1, 0.0), (5.6, 2.3, 0.1)))]
    granite, metal = planted_island(14.0, 16.6, (-10.8, 12.2), (-15.0, 3.5, 16.5), 'mall', trees=[trees[1], trees[3]])
    hleaf = s10a_leaf_mat('s12b-hedge-leaf', (0.02, 0.03, 0.012), (0.06, 0.085, 0.03), (0.17, 0.2, 0.07),
                          dry=(0.3, 0.08, 0.04), translucent=0.25, sheen=0.5, dry_share=0.06)
    hin = simple_mat('s12b-hedge-inner', (0.012, 0.018, 0.008), 0.8, grain=0.3, grain_scale=4)
    hedges = [s12b_shrub_mesh(60 + i, ln, 1.3, 0.72, 's12b-hedge%d' % i, [hleaf, hin]) for i, ln in enumerate((7.5, 9.0, 6.0))]
    hx = -34.0
    k = 0
    while hx < 34.0:
        ln = (7.5, 9.0, 6.0)[k % 3]
        if not (-12.6 < hx + ln / 2 < -9.0):  # a cut-through path for people on foot
            put(hedges[k % 3], (hx + ln / 2, 15.3 + random.uniform(-0.08, 0.08), 0.13), rot_z=random.gauss(0, 0.01),
                scale=(1.0, 1.0, random.uniform(0.92, 1.06)))
        hx += ln + random.uniform(0.1, 0.5)
        k += 1
    for i, tx in enumerate((-26.0, -17.0, -8.0, 2.0, 11.0, 20.0, 29.0)):
        put(trees[(i + 1) % 4], (tx + random.uniform(-1.5, 1.5), -30.0 + random.uniform(-2, 2), 0.0), rot_z=random.uniform(0, 6.3),
            scale=random.uniform(0.9, 1.2))
    box((120, 12, 9), (0, -46.0, 4.5), plaster_mat('mall-s10a-opposite', (0.62, 0.58, 0.52)), bevel=0)
    s10a_litter(((13.85, 0.25, 60), (16.75, 0.25, 50), (37.7, 0.3, 60), (6.7, 1.2, 25), (27.0, 2.0, 40)), (-30.0, 30.0))
    # Other shoppers' cars in the far bays (bay middles at x = -40 + 2.55 (k + 0.5)), with gaps.
    s12b_parked_cars([(-40 + 2.55 * (k + 0.5), y) for k, y in ((6, 22.7), (7, 22.7), (9, 22.7), (12, 22.7), (13, 22.7),
                                                                (15, 22.7), (17, 22.7), (21, 22.7), (22, 22.7),
                                                                (8, 27.9), (11, 27.9), (14, 27.9), (16, 27.9),
                                                                (20, 27.9), (23, 27.9))])
    trolleys = Batch(simple_mat('s10a-trolley', (0.55, 0.56, 0.57), 0.3, metallic=0.9, grain=0.05), 's10a-trolleys')
    s10a_trolley(trolleys, -7.4, 12.9, 0.35)
    s10a_trolley(trolleys, 12.8, 21.5, 2.2)
    trolleys.done()
    # A cumulus's shadow over the left of the mall's front (the car and the car park stay in sun).
    s12b_cloud_shadow(sun_elev, sun_az, 250.0, (-14.0, 50.0), 12.0)
    # Footway in front of the mall, then the building.
    fy = 44.0
    kerbs = Batch(granite, 'mall-kerb2')
    x = -70.0
    while x < 70:
        ln = random.uniform(0.9, 1.2)
        kerbs.box((ln - 0.01, 0.25, 0.15), (x + ln / 2, fy - 6.0, 0.075))
        x += ln
    kerbs.done()
    plane(140, 6.0, (0, fy - 3.0 + 0.12, 0.15), floor_material('stone-paving', (0.55, 0.53, 0.5)))
    clad = s10a_weathered(cladding_mat('mall-clad', (0.72, 0.71, 0.68)), 0.72, 0.82)
    clad2 = s10a_weathered(cladding_mat('mall-clad2', (0.32, 0.33, 0.35), panel=(1.2, 1.2)), 0.85, 0.9)
    hall_glass = s12b_shop_glass_mat('s12b-hall-glass', (2.0, 3.3), 3.0, 1.2)
    frame = simple_mat('mall-frame', (0.2, 0.21, 0.22), 0.35, metallic=0.7, grain=0.03)
    H = 14.0
    box((160, 40, H), (0, fy + 20, H / 2), clad, bevel=0)
    # A lower wing in dark cladding on the left, set forward, so the front is not one box.
    box((40, 6, 11.0), (-32.0, fy - 0.8, 5.5), clad2, bevel=0.02)
    # Session 14: the ground floor as a row of different shops (units of 6-13 m between cladding piers, each
    # with its own mullion spacing, transom, interior and lights) instead of one glazing with frames every 3 m.
    srng = random.Random(1414)
    b_main = s14C_shop_row(-80.0, 80.0, fy, frame, clad2, srng)
    b_wing = s14C_shop_row(-52.0, -12.0, fy - 3.8, frame, clad2, srng, 5.0, 10.0)
    plane(160, 4.2, (0, fy - 0.02, 2.25), s14C_shop_units_mat('s14C-shops', b_main, 1.0), rot=(math.pi / 2, 0, 0))
    plane(40, 4.2, (-32.0, fy - 3.82, 2.25), s14C_shop_units_mat('s14C-shops-wing', b_wing, 2.0), rot=(math.pi / 2, 0, 0))
    # Session 14: the long front above the shops in three claddings, not one regular grid: vertical ribbed
    # metal left of the entrance, buff brick-format tiles right of it, then larger pale panels.
    fr = s10a_weathered(ribbed_mat('s14C-ribbed', (0.5, 0.48, 0.44), period=0.3, rough=0.5, metallic=0.3, axis='X'), 0.8, 0.9)
    box((15.0, 0.04, H - 4.6), (-4.5, fy - 0.025, 4.5 + (H - 4.6) / 2), fr, bevel=0)
    tiles = s10a_weathered(brick_mat('s14C-tiles', (0.56, 0.42, 0.3), unit=(0.29, 0.09), joint=0.008), 0.85, 0.95)
    box((9.0, 0.04, H - 4.6), (23.5, fy - 0.025, 4.5 + (H - 4.6) / 2), tiles, bevel=0)
    clad3 = s10a_weathered(cladding_mat('s14C-clad3', (0.8, 0.79, 0.76), panel=(3.0, 1.0), joint=0.008), 0.75, 0.85)
    box((52.0, 0.04, H - 4.6), (54.0, fy - 0.025, 4.5 + (H - 4.6) / 2), clad3, bevel=0)
    frames = Batch(frame, 'mall-frames')
    # The entrance hall: a taller glazed volume off-centre (the car does not hide it), a canopy.
    ex0, ex1, eh = 3.0, 19.0, 18.0
    box((ex1 - ex0 + 1.2, 8, eh + 0.6), ((ex0 + ex1) / 2, fy + 3.0, (eh + 0.6) / 2), clad2, bevel=0.02)
    plane(ex1 - ex0, eh - 0.6, ((ex0 + ex1) / 2, fy - 1.05, (eh - 0.6) / 2 + 0.2), hall_glass, rot=(math.pi / 2, 0, 0))
    x = ex0
    while x <= ex1 + 0.01:
        frames.box((0.14, 0.25, eh - 0.6), (x, fy - 1.1, (eh - 0.6) / 2 + 0.2))
        x += 2.0
    z = 4.5
    while z < eh:
        frames.box((ex1 - ex0, 0.25, 0.1), ((ex0 + ex1) / 2, fy - 1.1, z))
        z += 3.3
    box((ex1 - ex0 + 4, 5.0, 0.45), ((ex0 + ex1) / 2, fy - 3.3, 5.2), clad2, bevel=0.02)  # canopy
    for cx_ in (ex0 - 0.5, ex1 + 0.5):
        cylinder(0.18, 5.0, (cx_, fy - 5.2, 2.5), metal, verts=20)
    # Session 12: brand panels (each hung a little off level), a fascia over the canopy, downlights under it,
    # rainwater pipes down the walls, the coping in lengths. Session 14: no letters anywhere (reviewers read
    # rendered text as garbled): each brand is an abstract mark (a disc, a ring, a slanted bar).
    letters = simple_mat('s12b-letters', (0.9, 0.9, 0.88), 0.35, grain=0.02)
    for i, (bx, by, bz, bw, col_, mark) in enumerate(((-19.5, fy - 4.0, 7.6, 2.2, (0.55, 0.08, 0.07), 'disc'),
                                                     (-6.5, fy - 0.2, 7.0, 2.0, (0.06, 0.2, 0.42), 'ring'),
                                                     (27.0, fy - 0.2, 7.4, 3.0, (0.12, 0.12, 0.13), 'bar'))):
        tilt = random.gauss(0, 0.004)
        box((bw, 0.25, 1.5), (bx, by, bz), s10a_weathered(simple_mat('s12b-brand%d' % i, col_, 0.3, grain=0.03), 0.9, 1.0),
            bevel=0.04, rot=(0, tilt, 0))
        if mark == 'disc':
            cylinder(0.45, 0.04, (bx, by - 0.14, bz), letters, rot=(math.pi / 2, 0, 0), verts=40)
        elif mark == 'ring':
            cylinder(0.5, 0.04, (bx, by - 0.14, bz), simple_mat('s14C-ring', (0.85, 0.6, 0.1), 0.35), rot=(math.pi / 2, 0, 0), verts=40)
            cylinder(0.3, 0.05, (bx, by - 0.15, bz), simple_mat('s14C-brand1b', col_, 0.3), rot=(math.pi / 2, 0, 0), verts=40)
        else:
            box((1.9, 0.04, 0.22), (bx, by - 0.14, bz), letters, bevel=0.02, rot=(0, math.radians(14) + tilt, 0))
    ecx = (ex0 + ex1) / 2
    box((ex1 - ex0 + 4, 0.2, 1.0), (ecx, fy - 5.9, 5.45), clad2, bevel=0.01)
    dl = no_light_sampling(emission_mat('s12b-downlight', (1.0, 0.93, 0.82), 6.0))
    for gx in [ex0 - 1.0 + 2.0 * i for i in range(10)]:
        for gy in (fy - 4.6, fy - 2.4):
            camera_only(cylinder(0.09, 0.01, (gx, gy, 4.97), dl, verts=12))
    pipe = simple_mat('s12b-pipe', (0.4, 0.41, 0.41), 0.5, grain=0.08)
    s12b_drainpipes((-10.8, 1.6, 21.4, 34.0), fy, H - 0.8, pipe)
    s12b_drainpipes((-47.0, -29.0, -13.0), fy - 3.8, 11.0, pipe)
    cop = Batch(clad2, 's12b-coping')
    x = -80.0
    while x < 80:
        cop.box((2.98, 0.62, 0.8), (x + 1.5, fy - 0.1 + random.gauss(0, 0.01), H - 0.4 + random.gauss(0, 0.012)),
                rot_y=random.gauss(0, 0.002))
        x += 3.0
    cop.done()
    # Posters in two shop windows (session 14: picture-only, no text): a coloured field with a paler image.
    for k, (px, py, pz, pw, ph, pcol, icol) in enumerate(((-9.6, fy - 0.05, 2.3, 1.2, 1.7, (0.55, 0.05, 0.05), (0.75, 0.7, 0.64)),
                                                         (-15.3, fy - 3.87, 2.3, 1.0, 1.5, (0.12, 0.14, 0.16), (0.5, 0.42, 0.34)))):
        rz_ = random.gauss(0, 0.01)
        plane(pw, ph, (px, py, pz), simple_mat('s14C-poster%d' % k, pcol, 0.4, grain=0.05), rot=(math.pi / 2, rz_, 0))
        plane(pw * 0.8, ph * 0.55, (px, py - 0.004, pz + ph * 0.12), simple_mat('s14C-poster-img%d' % k, icol, 0.4, grain=0.3, grain_scale=6),
              rot=(math.pi / 2, rz_, 0))
    # Session 14: what a real car park has at full scale: bollards along the footway by the entrance, a
    # trolley shelter in a far bay, road gullies in the aisle, a zebra from the hedge's path to the mall, a
    # channel drain along the island's kerb.
    steel = simple_mat('s14C-bollard', (0.5, 0.51, 0.52), 0.35, metallic=0.85, grain=0.05)
    s14C_bollards([0.8 + 1.6 * k for k in range(14)], fy - 5.55, steel, simple_mat('s14C-band', (0.75, 0.75, 0.73), 0.3))
    tro = Batch(simple_mat('s14C-trolley', (0.55, 0.56, 0.57), 0.3, metallic=0.9, grain=0.05), 's14C-trolleys')
    s14C_trolley_shelter(-40 + 2.55 * 14.5, 22.7, frame, glass_mat('s14C-shelter-roof', (0.8, 0.85, 0.85), rough=0.15), tro)
    tro.done()
    iron = ribbed_mat('s14C-gully', (0.045, 0.043, 0.04), period=0.035, rough=0.55, metallic=0.6, axis='X')
    conc = simple_mat('s14C-gully-surround', (0.3, 0.29, 0.27), 0.85, grain=0.3, grain_scale=8)
    s14C_gully(-3.9, 1.4, 0.03, iron, conc)
    s14C_gully(6.2, 6.5, -0.02, iron, conc)
    s14C_zebra(-10.8, 30.6, 37.8, 3.0, s12b_paint_mat('s14C-zebra-paint', (0.78, 0.77, 0.72), fade=0.3))
    chan = Batch(ribbed_mat('s14C-channel', (0.06, 0.06, 0.058), period=0.03, rough=0.55, metallic=0.5, axis='X'), 's14C-channel')
    chan.box((90.0, 0.14, 0.01), (0, 13.75, 0.004))
    chan.done()
    # Shoppers at the entrance and one crossing the far bays (out of focus at 30-48 m).
    import numpy as np
    prng = np.random.default_rng(12)
    for k, (px, py) in enumerate(((9.2, 39.6), (9.8, 39.3), (12.0, 40.5), (16.8, 38.9), (-8.8, 33.5), (-11.4, 17.5))):
        s12b_person(prng, px, py, k, z0=0.15 if py > 38 else 0.0)
    # The emblem: a teal panel with three slanted white bars (abstract; no letters, no road-sign shapes).
    box((3.2, 0.25, 3.2), (ecx, fy - 1.4, eh - 3.2), simple_mat('emblem', (0.02, 0.3, 0.33), 0.3, grain=0.02), bevel=0.25)
    white = simple_mat('emblem2', (0.92, 0.92, 0.9), 0.3)
    for k in (-1, 0, 1):
        box((0.38, 0.1, 2.2), (ecx + k * 0.75, fy - 1.56, eh - 3.2), white, bevel=0.03, rot=(0, math.radians(18), 0))
    # A totem by the car park entrance: two coloured panels on a grey pylon.
    box((1.6, 0.6, 8.0), (-27.0, 30.0, 4.0), clad2, bevel=0.03)
    box((1.3, 0.65, 1.3), (-27.0, 30.0, 6.6), simple_mat('totem1', (0.75, 0.1, 0.1), 0.3), bevel=0.03)
    box((1.3, 0.65, 2.2), (-27.0, 30.0, 4.4), simple_mat('totem2', (0.9, 0.9, 0.88), 0.3), bevel=0.03)
    frames.done()
    # Rooftop plant and a far tree line show over the roof at the sides.
    box((8, 6, 2.5), (-30, fy + 15, H + 1.25), clad2, bevel=0.02)
    box((5, 4, 1.8), (36, fy + 10, H + 0.9), clad2, bevel=0.02)
    # Session 12: what breaks a real mall's roofline: condensers and ducts set back from the edge, a guard
    # rail round a roof hatch, a dish and an aerial mast, a sign frame.
    plant = simple_mat('s12b-roof-plant', (0.5, 0.5, 0.48), 0.5, grain=0.1)
    for (rx, ry, w_, d_, h_) in ((-18.0, 3.0, 3.2, 1.8, 1.4), (-14.2, 2.6, 1.6, 1.2, 1.1), (-2.5, 5.0, 6.0, 2.2, 1.8),
                                 (24.0, 2.2, 2.4, 1.6, 1.2), (29.0, 6.0, 4.0, 3.0, 2.2)):
        box((w_, d_, h_), (rx, fy + ry, H + h_ / 2), plant, bevel=0.02)
    box((14.0, 0.5, 0.5), (-7.0, fy + 5.5, H + 2.0), plant, bevel=0.01)
    rail = Batch(frame, 's12b-roof-rail')
    for k in range(9):
        rail.box((0.04, 0.04, 1.1), (-31.0 + k * 1.2, fy + 1.2, H + 0.55))
    rail.box((9.7, 0.04, 0.04), (-26.2, fy + 1.2, H + 1.08))
    rail.box((9.7, 0.04, 0.04), (-26.2, fy + 1.2, H + 0.55))
    rail.done()
    cylinder(0.05, 5.0, (14.0, fy + 8.0, H + 2.5), frame, verts=8)
    cylinder(0.45, 0.06, (31.0, fy + 3.0, H + 1.2), plant, rot=(1.2, 0, 0.3), verts=20)
    camera(focal=40.0, fstop=5.6, pitch_deg=0.0, height=1.3, distance=8.0)
    render_settings(exposure=-0.8, mist={'start': 80, 'depth': 1500, 'color': (0.62, 0.68, 0.76)})
    return extra


def wood_boards_mat(name, color, board=0.14, rough=0.4):
    """Vertical timber boards on a wall in the XZ plane (session 9, VIP garage): board to board tone, the
    grain as long streaks, a faint satin lacquer, thin dark joints."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    b = facade_bond(nt, c, (board, 3.2), 0.004, 0.1, color, 0.82, tuple(v * 0.3 for v in color), 0.0)
    b.offset_frequency = 1
    grain = noise(nt, math_node_vec_scale(nt, c, (9.0, 9.0, 0.35)), 3.0, 6, 0.6, distortion=0.6)
    col = mix_rgb(nt, 1.0, b.outputs['Color'], ramp(nt, grain, [(0.3, (0.8, 0.78, 0.76)), (0.7, (1.1, 1.08, 1.05))]), 'MULTIPLY')
    principled(nt, out, col, rough, 0.4, 0.0, bump(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', b.outputs['Fac'], -1.0),
                                                             math_node(nt, 'MULTIPLY', grain, 0.1)), 0.3, 0.004))
    return m


def stripe_mat(name, a, b, period, rough=0.4):
    """Two colours in bands along the object's own Z (a barrier arm's red and white reflective stripes),
    a little dirty."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    band = math_node(nt, 'GREATER_THAN', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['Z'], period)), 0.5)
    col = mix_rgb(nt, band, a, b)
    dirt = ramp(nt, noise(nt, c, 5.0, 4, 0.6), [(0.35, (0.8, 0.79, 0.77)), (0.7, (1, 1, 1))])
    principled(nt, out, mix_rgb(nt, 1.0, col, dirt, 'MULTIPLY'), rough, 0.5)
    return m


def light_slot(x0, x1, y, h, power, color, width=0.1, seen=True):
    """A linear light set into the ceiling across the room: a shallow recessed channel whose opal diffuser
    the camera sees, and an area lamp of its size just below it that lights the floor and walls."""
    housing = simple_mat('slot-housing', (0.02, 0.02, 0.022), 0.5)
    L = x1 - x0
    box((L + 0.04, width + 0.04, 0.04), ((x0 + x1) / 2, y, h - 0.02), housing, bevel=0)
    if seen:
        camera_only(plane(L, width, ((x0 + x1) / 2, y, h - 0.041),
                          no_light_sampling(emission_mat('slot-diffuser', color, power / (L * width) / 8.0)), rot=(math.pi, 0, 0)))
    # The lamp is wider than the slot: a thin bright line is what a satin floor's reflection rays cannot
    # find at our sample counts (speckle); blurred by the floor, both reflections look the same.
    area_light(((x0 + x1) / 2, y, h - 0.05), L, power, color, size_y=max(width, 0.4), target=((x0 + x1) / 2, y, 0))


def s_vip_garage_entrance():
    """A luxury residence's underground garage entrance (session 9; was `s_vip_garage`, a concrete box with
    floating LED strips): the car on dark satin epoxy in front of a portal clad in travertine, lined with
    walnut boards, through which the ramp climbs to daylight; linear lights set into the ceiling across the
    room and the ramp (they light the floor, which reflects them blurred), concrete columns with corner
    guards, a halo-lit VIP sign, a lit OTOPARK header and a barrier with its arm raised beside the ramp."""
    back, h = 6.0, 3.0
    pw, ph = 2.9, 2.5   # the portal's half-width and height
    plane(40, 40, (0, 0, 0), satin_concrete_mat((0.035, 0.035, 0.038), rough=0.37))
    stone = cladding_mat('travertine', (0.56, 0.5, 0.42), panel=(1.2, 0.6), joint=0.004, rough=0.35)
    box((8.0 - pw, 0.3, h), (-(pw + (8.0 - pw) / 2), back + 0.15, h / 2), stone, bevel=0)
    box((8.0 - pw, 0.3, h), (pw + (8.0 - pw) / 2, back + 0.15, h / 2), stone, bevel=0)
    box((2 * pw, 0.3, h - ph), (0, back + 0.15, ph + (h - ph) / 2), stone, bevel=0)
    conc = plaster_mat('garage-concrete', (0.34, 0.335, 0.33), 0.85, streaks=False)
    ceil = plaster_mat('garage-ceiling', (0.5, 0.5, 0.49), 0.9, streaks=False)
    box((18, 20, 0.3), (0, back - 10, h + 0.15), ceil, bevel=0)
    for by in (-0.6, 2.4):
        box((18, 0.45, 0.3), (0, by, h - 0.15), ceil, bevel=0.01)
    for sx in (-1, 1):
        box((0.3, 20, h), (sx * 8.15, back - 10, h / 2), conc, bevel=0)
    box((18, 0.3, h), (0, -12, h / 2), conc, bevel=0)
    # The ramp: 1 m level inside the portal, then climbing at 12 % between walnut-lined walls to daylight.
    wood = wood_boards_mat('walnut-boards', (0.2, 0.11, 0.06), rough=0.6)
    slope = math.atan(0.12)
    run = 14.0
    y0 = back + 1.3
    car_floor = meta['floor']
    ramp_mat = street_asphalt_mat((0.07, 0.07, 0.072))
    meta['floor'] = car_floor  # the metadata records what the car stands on, not the ramp
    plane(2 * pw, run, (0, y0 + run / 2 * math.cos(slope), run / 2 * math.sin(slope)), ramp_mat, rot=(slope, 0, 0))
    for sx in (-1, 1):
        box((0.2, run + 1.0, 6.0), (sx * (pw + 0.1), back + 0.3 + (run + 1.0) / 2, 3.0), wood, bevel=0)
    box((2 * pw + 0.4, 1.0, 0.2), (0, back + 0.8, ph + 0.1), wood, bevel=0)
    # The tunnel's ceiling climbs with the ramp: a sloped wooden soffit after the level part.
    box((2 * pw, run, 0.2), (0, y0 + run / 2 * math.cos(slope), ph + 0.1 + run / 2 * math.sin(slope)), wood, bevel=0,
        rot=(slope, 0, 0))
    for k in range(4):
        yy = y0 + 1.5 + k * 3.2
        light_slot(-pw + 0.3, pw - 0.3, yy, ph + (yy - y0) * 0.12, 120, (1.0, 0.85, 0.65), width=0.08)
    # Daylight at the top of the ramp: a bright, soft exterior (planting and a wall, out of focus).
    m, nt, out = new_mat('ramp-daylight')
    cc = coord(nt, 'Object')
    band = ramp(nt, noise(nt, cc, 0.8, 5, 0.6), [(0.35, (0.45, 0.52, 0.35)), (0.7, (0.95, 0.97, 1.0))])
    emit(nt, out, band, 6.0)
    end_y = y0 + run * math.cos(slope)
    plane(2 * pw, 6.0, (0, end_y - 0.05, run * math.sin(slope) + 2.0), m, rot=(math.pi / 2, 0, 0))
    area_light((0, end_y - 0.2, run * math.sin(slope) + 1.5), 2 * pw, 900, (0.92, 0.95, 1.0), size_y=2.5,
               target=(0, back, 0.5))
    # Bronze frame round the portal.
    bronze = simple_mat('bronze', (0.2, 0.13, 0.07), 0.3, metallic=1.0, grain=0.05)
    for sx in (-1, 1):
        box((0.08, 0.36, ph), (sx * (pw + 0.04), back, ph / 2), bronze, bevel=0.004)
    box((2 * pw + 0.16, 0.36, 0.08), (0, back, ph + 0.04), bronze, bevel=0.004)
    # The lit header sign and the halo-lit VIP letters.
    lit = lit_sign_mat('otopark-lit', (1.0, 0.95, 0.85), 3.0)
    shop_name('OTOPARK', 0, back - 0.02, ph + 0.15, 0.22, lit, depth=0.02, spacing=1.15)
    brass = simple_mat('brass', (0.55, 0.4, 0.18), 0.25, metallic=1.0)
    shop_name('VIP', -4.3, back - 0.06, 1.8, 0.6, brass, depth=0.05, spacing=1.05)
    spot_light((-4.3, back - 0.7, h - 0.05), 400, (-4.3, back, 1.9), angle_deg=40, blend=0.9, color=(1.0, 0.82, 0.6),
               radius=0.05)
    spot_light((5.2, back - 0.9, h - 0.05), 180, (5.2, back, 1.2), angle_deg=55, blend=0.9, color=(1.0, 0.82, 0.6),
               radius=0.05)
    # Columns with yellow and black corner guards.
    cm = plaster_mat('column-concrete', (0.45, 0.445, 0.44), 0.8, streaks=False)
    guard = hazard_sleeve_mat()
    for cx, cy in ((-4.4, 2.4), (4.4, 2.4)):
        box((0.6, 0.6, h), (cx, cy, h / 2), cm, bevel=0.01)
        for gx in (-1, 1):
            for gy in (-1, 1):
                box((0.1, 0.1, 1.2), (cx + gx * 0.27, cy + gy * 0.27, 0.6), guard, bevel=0.01)
    # The barrier beside the ramp, its arm raised.
    cab = simple_mat('barrier-cabinet', (0.55, 0.56, 0.58), 0.35, metallic=0.4)
    box((0.32, 0.32, 1.0), (pw + 0.75, back - 0.5, 0.5), cab, bevel=0.02)
    tilt = math.radians(6)
    box((0.05, 0.08, 1.9), (pw + 0.75 + math.sin(tilt) * 0.95, back - 0.68, 0.95 + math.cos(tilt) * 0.95),
        stripe_mat('barrier-arm', (0.5, 0.03, 0.02), (0.82, 0.82, 0.8), 0.4), bevel=0.01, rot=(0, tilt, 0))
    # Linear light slots across the ceiling (the front ones light the car and are seen in the floor).
    for yy in (-3.0, 1.5, 4.8):
        light_slot(-7.6, 7.6, yy, h, 700, (1.0, 0.9, 0.75), width=0.1)
    world_grad((0.01, 0.01, 0.01), (0.015, 0.015, 0.015), 1.0)
    key(0, 75, 0.6, (1.0, 0.9, 0.75))
    camera(fstop=4.0, focal=35, distance=7.0)
    render_settings(exposure=-2.5, glare=0.08)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def smooth_band(nt, v, a0, a1, b0=None, b1=None):
    """0 below a0, rising smoothly to 1 at a1 (and falling again from b0 to 0 at b1)."""
    r = nt.nodes.new('ShaderNodeMapRange')
    r.interpolation_type = 'SMOOTHSTEP'
    link(nt, v, r.inputs['Value'])
    r.inputs['From Min'].default_value = a0
    r.inputs['From Max'].default_value = a1
    out = r.outputs[0]
    if b0 is not None:
        f = nt.nodes.new('ShaderNodeMapRange')
        f.interpolation_type = 'SMOOTHSTEP'
        link(nt, v, f.inputs['Value'])
        f.inputs['From Min'].default_value = b0
        f.inputs['From Max'].default_value = b1
        out = math_node(nt, 'MULTIPLY', out, math_node(nt, 'SUBTRACT', 1.0, f.outputs[0]))
    return out


def s13B_snow_ground(x, y):
    """The snow's surface beyond the road (session 6 as snow_ground): a ploughed bank along the edge, drifts,
    the land rising far off. Session 13: the plough's bank is lumpy and broken (clods of 10-40 cm, its
    height and its foot wandering along the road), not a smooth roll."""
    import numpy as np
    yb = y - 0.35 * fbm(x, 0.0 * y, 4.0, 3, seed=8)
    bank = 0.6 * np.exp(-((yb - 10.4) / 0.75) ** 2) * (0.65 + 0.7 * fbm(x, y, 3.5, 4, seed=1))
    bank = bank + np.exp(-((yb - 10.2) / 1.0) ** 2) * (0.09 * fbm(x, y, 0.45, 4, seed=9) + 0.04 * fbm(x, y, 0.15, 3, seed=10))
    edge = np.clip((yb - 9.45) / 0.5, 0, 1)
    drift = 0.18 * fbm(x, y, 7.0, 4, seed=2) * np.clip((y - 11) / 4, 0, 1)
    far = np.clip(y - 250, 0, None) ** 1.35 * 0.02 * (1 + 0.6 * fbm(x, y, 300.0, 5, seed=3))
    return (bank + drift) * edge - 0.06 + edge * 0.08 + far


def s13B_winter_road_mat(base=(0.04, 0.04, 0.045)):
    """The snowy drive's road (session 10 as s10a_winter_road_mat; was winter_road_mat, whose thin bright
    slush ridges on the centre and the edge read as painted lane lines right behind the car): the road runs
    across the frame and the car stands on its near side. Dark wet asphalt only where the wheels have
    cleared it, two tracks per lane that wander and fray; between and beside them packed, dirty snow and
    slush in broad, broken fields (no line of any kind); grit (sand and salt) as a brown tint in patches; on
    the near side, where the car stands, faint older tyre tracks across the frame, thin grey-brown slush in
    broken patches, pale matte salt crust drying between the wet wheel paths (session 13) and a few
    shallow puddles, all low in contrast; wet and drying patches at every scale; towards the snow bank a
    ploughed ridge of grey slush."""
    m, nt, out = new_mat('s10a-winter-road')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, pos, sep.inputs[0])
    Y = sep.outputs['Y']
    wob = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, pos, 0.15, 3, 0.5), 0.5), 0.6)
    Yw = math_node(nt, 'ADD', Y, wob)
    fray = noise(nt, math_node_vec_scale(nt, pos, (0.25, 1.0, 1.0)), 4.0, 6, 0.62)
    tracks = None
    for ty, w in ((3.45, 0.3), (5.05, 0.3), (6.95, 0.27), (8.45, 0.25)):
        d = math_node(nt, 'ADD', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', Yw, ty)),
                      math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', fray, 0.5), 0.25))
        t = smooth_band(nt, d, w, w * 0.4)
        tracks = t if tracks is None else math_node(nt, 'MAXIMUM', tracks, t)
    # Near side (where the car stands): older tracks, fainter and wider, and the packed snow worn thin.
    near_tr = None
    for ty in (-5.6, -4.1, -1.7, -0.1, 1.3):
        d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', Yw, ty))
        t = smooth_band(nt, d, 0.4, 0.12)
        near_tr = t if near_tr is None else math_node(nt, 'MAXIMUM', near_tr, t)
    road = smooth_band(nt, Y, 2.3, 2.6, 9.2, 9.6)
    nearside = smooth_band(nt, Y, -40, -39, 2.3, 2.6)
    brk = noise(nt, pos, 0.8, 6, 0.62)
    brk2 = noise(nt, math_node_vec_scale(nt, pos, (0.3, 1.0, 1.0)), 2.2, 6, 0.62)
    # A fine, rough noise added at the near side's slush edges: slush ends in a granular, crisp fringe
    # (soft smoothstep edges over metres read as painted clouds; on the far lanes, seen more obliquely,
    # crisp edges read as lines, so they stay soft there).
    grain_e = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, pos, 14.0, 8, 0.75), 0.5), 0.35)
    # Packed snow between and beside the tracks on the lanes, broken in broad fields.
    lane_snow = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', road, math_node(nt, 'SUBTRACT', 1.0, tracks)),
                          smooth_band(nt, math_node(nt, 'ADD', brk, math_node(nt, 'MULTIPLY', brk2, 0.3)), 0.52, 0.75))
    ridge = math_node(nt, 'MULTIPLY', smooth_band(nt, Yw, 8.8, 9.4), smooth_band(nt, brk2, 0.3, 0.55))
    near_snow = math_node(nt, 'MULTIPLY', nearside,
                          smooth_band(nt, math_node(nt, 'ADD', math_node(nt, 'ADD', noise(nt, pos, 0.35, 6, 0.62),
                                                    math_node(nt, 'MULTIPLY', noise(nt, pos, 2.2, 6, 0.65), 0.35)), grain_e), 0.76, 0.8))
    # Session 13: the near side's slush is grey-brown and thin (white blobs on a dark road read as painted);
    # it joins the lanes' snow only in the bump and roughness.
    snowf = math_node(nt, 'MINIMUM', 1.0, math_node(nt, 'ADD', lane_snow, ridge))
    # Asphalt: tone over metres, darker and smoother in the tracks.
    tone = noise(nt, pos, 0.12, 4, 0.5)
    asph = ramp(nt, tone, [(0.3, tuple(v * 0.85 for v in base)), (0.7, tuple(v * 1.2 for v in base))])
    trk = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tracks, road), math_node(nt, 'MULTIPLY', near_tr, math_node(nt, 'MULTIPLY', nearside, 0.5)))
    trk = math_node(nt, 'MINIMUM', trk, 1.0)
    asph = mix_rgb(nt, math_node(nt, 'MULTIPLY', trk, 0.45), asph, tuple(v * 0.6 for v in base))
    # Grit: sand and salt strewn in patches, a warm brown tint over metres (coloured grit cells of 2-4 cm
    # read as dotted blobs and dotted lines at this camera's grazing view, in colour, roughness or bump).
    grit_patch = smooth_band(nt, noise(nt, pos, 0.5, 4, 0.6), 0.45, 0.65)
    asph = mix_rgb(nt, math_node(nt, 'MULTIPLY', grit_patch, 0.3), asph, (0.075, 0.062, 0.048))
    # Snow and slush: grey-white, dirtier (brown-grey) where thin and by the tracks, bright where deep.
    sl_col = ramp(nt, noise(nt, pos, 3.0, 5, 0.6), [(0.3, (0.3, 0.3, 0.3)), (0.7, (0.5, 0.5, 0.52))])
    deep = smooth_band(nt, math_node(nt, 'ADD', snowf, math_node(nt, 'MULTIPLY', noise(nt, pos, 1.5, 4, 0.6), 0.4)), 0.7, 1.25)
    sl_col = mix_rgb(nt, deep, sl_col, (0.68, 0.7, 0.73))
    sl_col = mix_rgb(nt, math_node(nt, 'MULTIPLY', grit_patch, 0.35), sl_col, (0.25, 0.22, 0.19))
    col = mix_rgb(nt, snowf, asph, sl_col)
    # Session 13: salt dried to a pale grey crust between the wet wheel paths on the near side (the
    # commonest look of a gritted road), grey-brown slush lying thin in broken patches.
    salt = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ADD', noise(nt, math_node_vec_scale(nt, pos, (0.5, 1.0, 1.0)), 0.6, 6, 0.6),
                                                           math_node(nt, 'MULTIPLY', grain_e, 0.5)), 0.5, 0.55),
                     math_node(nt, 'MULTIPLY', nearside, math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'MULTIPLY', near_tr, 0.8))))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', salt, 0.85), col, (0.24, 0.235, 0.228))
    ns_col = ramp(nt, noise(nt, pos, 2.0, 5, 0.6), [(0.3, (0.16, 0.15, 0.14)), (0.7, (0.36, 0.355, 0.35))])
    col = mix_rgb(nt, near_snow, col, ns_col)
    snowf = math_node(nt, 'MINIMUM', 1.0, math_node(nt, 'ADD', snowf, math_node(nt, 'MULTIPLY', near_snow, 0.6)))
    # Puddles on the near side: a slow noise's low spots, smooth and dark.
    pud = math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, math_node_vec_scale(nt, pos, (0.5, 1.0, 1.0)), 0.45, 4, 0.55), 0.63, 0.67),
                    nearside)
    pud = math_node(nt, 'MULTIPLY', pud, math_node(nt, 'SUBTRACT', 1.0, snowf))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', pud, 0.5), col, tuple(v * 0.5 for v in base))
    # Wet and drying patches: the sky's sheen broken up, not one even mirror.
    # Wetness varies at every scale (not in soft metre-wide clouds): fine, sharp-edged wet/dry patches,
    # water lying smoother in the wheel tracks.
    wet_n = noise(nt, math_node_vec_scale(nt, pos, (0.6, 1.0, 1.0)), 2.5, 10, 0.7)
    rough_a = ramp(nt, wet_n, [(0.45, (0.32, 0.32, 0.32)), (0.55, (0.52, 0.52, 0.52))])
    rough_a = math_node(nt, 'SUBTRACT', rough_a, math_node(nt, 'MULTIPLY', trk, 0.15))
    rough = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', rough_a, math_node(nt, 'SUBTRACT', 1.0, snowf)),
                      math_node(nt, 'MULTIPLY', snowf, 0.65))
    rough = math_node(nt, 'MAXIMUM', 0.05, math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', pud, 0.4)))
    rough = mix_rgb(nt, salt, rough, (0.88, 0.88, 0.88))  # the dry salt crust is matte
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 55
    link(nt, pos, agg.inputs['Vector'])
    lump = noise(nt, pos, 7.0, 4, 0.6)
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', agg.outputs['Distance'], math_node(nt, 'SUBTRACT', 1.0, snowf)),
                  math_node(nt, 'MULTIPLY', lump, math_node(nt, 'MULTIPLY', snowf, 2.5)))
    p = principled(nt, out, col, rough, 0.4, 0.0, bump(nt, h, 0.15, 0.01))
    link(nt, math_node(nt, 'SUBTRACT', 0.32, math_node(nt, 'MULTIPLY', salt, 0.22)), p.inputs['Specular'])
    meta['floor'] = {'gloss': 0.3, 'roughness': 0.35, 'kind': 'wet-asphalt'}
    return m


def s13B_bank_snow_mat(name='s10a-bank-snow'):
    """(Session 10 as s10a_bank_snow_mat; session 13: dirtier, blotchier spray.) Snow beyond the road:
    snow2_mat's soft white, and on the plough's bank (the first 2 m past the
    road, low down) the grey-brown spray of slush and grit thrown up by traffic, fading up the bank."""
    m = snow2_mat(name, (0.8, 0.83, 0.88))
    nt = m.node_tree
    p = next(n for n in nt.nodes if n.type == 'BSDF_PRINCIPLED')
    src = p.inputs['Base Color'].links[0].from_socket
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    spray = math_node(nt, 'MULTIPLY', smooth_band(nt, sep.outputs['Y'], 14.0, 9.6),
                      smooth_band(nt, sep.outputs['Z'], 0.8, 0.05))
    spray = math_node(nt, 'MULTIPLY', spray, smooth_band(nt, noise(nt, geo.outputs['Position'], 2.5, 6, 0.65), 0.3, 0.7))
    spray = math_node(nt, 'MULTIPLY', spray, math_node(nt, 'ADD', 0.4, math_node(nt, 'MULTIPLY', smooth_band(nt, sep.outputs['Y'], 11.0, 9.7), 0.6)))
    spray_c = ramp(nt, noise(nt, geo.outputs['Position'], 6.0, 5, 0.65), [(0.3, (0.2, 0.185, 0.165)), (0.7, (0.42, 0.4, 0.37))])
    col = mix_rgb(nt, math_node(nt, 'MINIMUM', 1.0, math_node(nt, 'MULTIPLY', spray, 1.2)), src, spray_c)
    link(nt, col, p.inputs['Base Color'])
    return m


def s10a_post_mat(name='s10a-post'):
    """A roadside delineator post: white plastic with a black band, dirt sprayed up its foot."""
    m, nt, out = new_mat(name)
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    z = sep.outputs['Z']
    band = smooth_band(nt, z, 0.98, 1.0, 1.2, 1.22)
    col = mix_rgb(nt, band, (0.72, 0.72, 0.7), (0.02, 0.02, 0.02))
    dirt = math_node(nt, 'MULTIPLY', smooth_band(nt, z, 0.6, 0.1), smooth_band(nt, noise(nt, geo.outputs['Position'], 8, 4, 0.6), 0.3, 0.6))
    col = mix_rgb(nt, dirt, col, (0.2, 0.18, 0.15))
    principled(nt, out, col, 0.45, 0.5)
    return m


def s13B_snow_chunks(spots, mat, rng, name='s13B-clods'):
    """Clods of ploughed snow and ice thrown onto the bank and the road's edge (session 13): each an
    icosphere squashed and pushed about by a random offset per vertex, at `spots` (x, y, z, size), one
    smooth mesh with shared vertices (so the clods shade round, not faceted)."""
    import numpy as np
    o = obj_from(bpy.ops.mesh.primitive_ico_sphere_add, radius=1.0, subdivisions=2, location=(0, 0, 0))
    tv = np.array([v.co[:] for v in o.data.vertices])
    tf = np.array([p.vertices[:] for p in o.data.polygons])
    bpy.data.objects.remove(o, do_unlink=True)
    verts, faces = [], []
    for (x, y, z, r) in spots:
        a = rng.uniform(0, 2 * np.pi)
        sc_ = np.array([r * rng.uniform(0.8, 1.4), r * rng.uniform(0.7, 1.1), r * rng.uniform(0.45, 0.8)])
        v = tv * sc_ * (1 + rng.normal(0, 0.12, (len(tv), 1)))
        v = v @ np.array([[np.cos(a), np.sin(a), 0], [-np.sin(a), np.cos(a), 0], [0, 0, 1]])
        faces.append(tf + len(verts) * len(tv))
        verts.append(v + np.array([x, y, z]))
    me = bpy.data.meshes.new(name)
    me.from_pydata(np.concatenate(verts).tolist(), [], np.concatenate(faces).tolist())
    me.polygons.foreach_set('use_smooth', np.ones(len(me.polygons), dtype=bool))
    me.update()
    me.materials.append(mat)
    ob = bpy.data.objects.new(name, me)
    sc.collection.objects.link(ob)
    return ob


def s_snowy_drive():
    """A ploughed country road through spruce forest after snowfall (session 6, rebuilt in session 10):
    the car on the road's near side (tracks, slush, grit, puddles, no markings), the road across the frame
    with its far lanes in packed snow and wheel tracks, a ploughed bank sprayed grey by traffic, a
    delineator post, a snow field with dry stalks, young spruces, then a dense spruce
    forest (s10a_spruce_mesh: fronds of needle sprays, irregular snow lumps) in a light, not milky, haze.
    Session 13: salt crust and grey-brown slush on the near side (no white blobs), a lumpy plough bank
    with clods (s13B_snow_chunks) and dirtier spray, f/2.8 and less haze so the forest keeps its form."""
    import numpy as np
    sky_clouds((0.8, 0.82, 0.85), (0.62, 0.66, 0.72), cloud=0.18, scale=0.9, strength=1.0)
    sun_light(18, 150, 0.45, (0.95, 0.97, 1.0), angle_deg=20)
    plane(400, 40, (0, -10.5, 0.0), s13B_winter_road_mat())
    snow = s13B_bank_snow_mat()
    terrain(9.2, 2600, s13B_snow_ground, snow, rows=320, cols=360, name='snowfield', y_power=3.0)
    needles = s10a_leaf_mat('s10a-needles', (0.006, 0.014, 0.01), (0.018, 0.032, 0.022), (0.045, 0.06, 0.04),
                            dry=(0.05, 0.045, 0.03), translucent=0.12, sheen=0.5)
    bark = bark2_mat('bark', (0.06, 0.05, 0.045), lichen=(0.18, 0.2, 0.16))
    snow_pad = snow2_mat('snow-pad', (0.8, 0.83, 0.88))
    spruce = [s10a_spruce_mesh(11 + i, h, h * 0.2, snow=s, name='s10a-spruce%d' % i, mats=[needles, bark, snow_pad], dead=dd)
              for i, (h, s, dd) in enumerate(((21, 0.8, 0.3), (17, 0.9, 0.25), (24, 0.7, 0.35), (12, 0.9, 0.15),
                                              (6, 1.0, 0.04), (4, 1.0, 0.02)))]
    rng = np.random.default_rng(4)
    # The forest edge wanders; big spruces behind a fringe of young ones.
    for yy in np.arange(70, 200, 3.6):
        reach = view_reach(yy, 8)
        for xx in np.arange(-reach, reach, 3.8):
            x = xx + rng.uniform(-1.8, 1.8)
            y = yy + rng.uniform(-1.8, 1.8)
            edge = 78 + 14 * fbm(np.array([x]), np.array([0.0]), 25.0, 3, seed=7)[0]
            if y < edge:
                continue
            k = rng.choice([0, 1, 2, 3], p=[0.35, 0.3, 0.2, 0.15]) if y > edge + 6 else rng.choice([3, 4])
            s = rng.uniform(0.8, 1.2)
            put(spruce[k], (x, y, float(s13B_snow_ground(np.array([x]), np.array([y]))[0]) - 0.1), rng.uniform(0, 6.3), s)
    for x, y, k in ((-9.0, 24.0, 4), (-6.5, 31.0, 5), (8.0, 27.0, 4), (11.5, 35.0, 4), (-12.0, 40.0, 4), (2.5, 46.0, 5),
                    (5.5, 58.0, 3), (-3.0, 64.0, 4)):
        put(spruce[k], (x, y, 0.0), rng.uniform(0, 6.3), rng.uniform(0.7, 1.15))
    # A delineator post at the far road edge (white, black band), off to the right of the car.
    cylinder(0.045, 1.45, (3.1, 9.75, 0.55), s10a_post_mat(), verts=10)
    stalks = leaf2_mat('stalks', (0.12, 0.09, 0.05), (0.3, 0.24, 0.14), translucent=0.2)
    grass_blades(9.8, 40, s13B_snow_ground, 25, 0.45, stalks, name='stalks', lean=0.2)
    # Session 13: clods from the plough along the bank's foot and a few lying on the far lane's edge.
    spots = []
    for _ in range(90):
        x, y = rng.uniform(-9, 9), rng.uniform(9.3, 10.6)
        z = float(s13B_snow_ground(np.array([x]), np.array([y]))[0])
        spots.append((x, y, z, rng.uniform(0.05, 0.2) * rng.uniform(0.6, 1.0)))
    spots += [(rng.uniform(-9, 9), rng.uniform(8.6, 9.3), 0.0, rng.uniform(0.03, 0.09)) for _ in range(25)]
    s13B_snow_chunks(spots, snow, rng)
    key(150, 18, 0.9, (0.95, 0.97, 1.0))
    camera(outdoor=True)
    # f/2.8 (was 1.8): the forest's fronds and their snow stay legible instead of a soft grainy wall.
    sc.camera.data.dof.aperture_fstop = 2.8
    meta['camera']['fStop'] = 2.8
    sc.camera.data.clip_end = 20000
    render_settings(exposure=0.3, samples=None, adaptive=0.01)
    nature_compositor({'start': 10, 'depth': 2500, 'color': (0.76, 0.79, 0.84), 'max': 0.38})
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def fm_ground(x, y):
    """Farmland beyond the road in the fog: a gravel shoulder and verge level with the road, then a
    pasture rising gently (1-2 m over 200 m) with a little roll, so far trees stand a touch higher."""
    import numpy as np
    edge = np.clip((y - 9.5) / 0.35, 0, 1)
    t = np.clip((y - 12.0) / 200.0, 0, 1)
    roll = (0.8 * fbm(x, y, 60.0, 4, seed=61) + 0.1 * fbm(x, y, 5.0, 3, seed=62)) * np.clip((y - 14.0) / 30.0, 0, 1)
    return edge * (0.03 + 0.04 * fbm(x, y, 2.0, 3, seed=63)) - 0.02 + 1.8 * t * t * (3 - 2 * t) + roll


def fm_power_line(p0, p1, n, pole_mat, wire_mat, rng):
    """A rural power line of wooden poles (9-10 m, a crossarm with three insulators) receding across the
    field, each pole leaning a little, sagging cables between them."""
    import numpy as np
    tops = []
    for i in range(n):
        t = i / (n - 1)
        x = p0[0] + (p1[0] - p0[0]) * t + rng.normal(0, 0.5)
        y = p0[1] + (p1[1] - p0[1]) * t
        z = float(fm_ground(np.array([x]), np.array([y]))[0])
        h = rng.uniform(9.0, 10.0)
        lean = rng.normal(0, 0.012)
        cylinder(0.13, h + 1.5, (x, y, z + h / 2 - 0.75), pole_mat, rot=(lean, rng.normal(0, 0.015), 0), verts=10)
        top = z + h
        box((1.8, 0.1, 0.1), (x, y, top - 0.35), pole_mat, bevel=0.01, rot=(0, rng.normal(0, 0.02), 0.35))
        tops.append([(x + dx * math.cos(0.35), y + dx * math.sin(0.35), top - 0.12) for dx in (-0.8, 0.0, 0.8)])
    for a, b in zip(tops[:-1], tops[1:]):
        for k in range(3):
            wire(catenary(a[k], b[k], 0.9 + 0.1 * k), 0.012, wire_mat)


def s_foggy_morning():
    """A lay-by on a country road on a foggy autumn morning (session 9; session 11 (s11a) rebuilt what read
    as CG: stripe-branched spruces, one tree template copied, a white box house, a flat grey road): the car
    on damp chip-seal, a wet carriageway across the frame (tracks, puddles, patches, cracks, mud and leaves
    at the edge, a gully), a weathered W-beam rail whose line wanders with a dent or two, a patchy wet
    verge, a wire fence, then grown broadleaves half bare in autumn and spruces, nearest at 30 m and dark,
    more and more lost in an exponential fog out to a wood at 150-300 m; a low sun to the right glows in it."""
    import numpy as np
    # Session 13: less ambient on the near scene (0.85, was 1.1) against the same bright fog, so the near
    # things keep dark, saturated tones and the distance goes pale, as in a misty morning photograph.
    sky_clouds((0.82, 0.8, 0.76), (0.7, 0.71, 0.72), cloud=0.04, scale=0.8, strength=0.85)
    sun_light(9, 125, 0.5, (1.0, 0.84, 0.62), angle_deg=25)
    plane(400, 7.0, (0, 6.1, 0.0), s11a_wet_road_mat(puddle=0.45))
    # Session 13: the lay-by is old worn asphalt, its chippings showing, wet from the night's drizzle and
    # the fog with drier islands (the city street's night recipe), so it mirrors the rail and the trees; its
    # wheel paths and a sealed crack lie in front of the car's place (parked cars' tracks), its two short
    # cracks across the road moved off the frame.
    s13C_plane_at(400, 33.1, (0, -13.95, 0.0), (30.0, -1.0, 0.0),
                  s12c_asphalt_mat('s13c-layby', binder=(0.075, 0.073, 0.07), stone=(0.3, 0.29, 0.27), wet=True))
    paint = worn_paint_mat('road-paint', (0.62, 0.61, 0.57))
    rngp = np.random.default_rng(5)
    for i in range(-60, 61):
        plane(1.0 + rngp.normal(0, 0.03), 0.15, (i * 2.0 + 0.5 + rngp.normal(0, 0.03), 2.75 + rngp.normal(0, 0.01), 0.004),
              paint, rot=(0, 0, rngp.normal(0, 0.006)))
    fr_road_paint((6.0, 9.25), (True, False))
    terrain(9.3, 700, fm_ground, verge_mat('fm-verge', grass=(0.045, 0.065, 0.028), floor_col=(0.05, 0.045, 0.028),
                                           gravel_to=10.0, litter_from=1e5), rows=260, cols=340, name='pasture',
            y_power=2.6)
    wet = s11a_grass_mat('s11a-wet-grass', (0.022, 0.035, 0.014), (0.06, 0.085, 0.03), (0.11, 0.13, 0.05),
                         (0.22, 0.18, 0.1), wet=1.0)
    s11a_verge_blades(9.9, 13.5, fm_ground, 1500, 0.26, wet, seed=5, name='s11a-verge-grass', tufts=160)
    s11a_verge_blades(13.5, 45.0, fm_ground, 380, 0.22, wet, seed=14, name='s11a-pasture-grass', tufts=300)
    s11a_guard_rail(10.8, -40, 40, s11a_rail_mat(), s11a_rail_mat('s11a-rail-post'))
    lit = s11a_fallen_leaf_mat()
    s11a_leaf_litter(((-18, 18, 8.8, 10.0, 6.0, 1.3),
                      (-20, 20, 9.9, 11.5, 5.0, 0.6)), lit, seed=41)
    s11a_drain(2.9, 9.5, simple_mat('s11a-iron', (0.05, 0.045, 0.04), 0.45, metallic=0.6),
               plaster_mat('s11a-gully-conc', (0.3, 0.29, 0.27)))
    rng = np.random.default_rng(19)
    post = bark2_mat('post', (0.13, 0.11, 0.09), lichen=(0.22, 0.24, 0.2))
    wire_m = simple_mat('wire', (0.3, 0.3, 0.3), 0.45, metallic=0.8)
    post_wire_fence(16.0, -30.0, 30.0, post, wire_m, np.random.default_rng(23), fm_ground, jitter=0.08, lean=0.06,
                    spacing=(2.6, 3.6), wires=(0.6, 1.0), sag=0.05)
    fm_power_line((8.5, 27.0), (-60.0, 430.0), 9, bark2_mat('pole', (0.09, 0.075, 0.06)),
                  simple_mat('cable', (0.05, 0.05, 0.05), 0.5), rng)
    leaves = s10a_leaf_mat('s11a-autumn-leaves', (0.04, 0.03, 0.01), (0.16, 0.09, 0.02), (0.3, 0.18, 0.04),
                           dry=(0.22, 0.2, 0.07), translucent=0.25, sheen=0.35, dry_share=0.25)
    needles = s10a_leaf_mat('s11a-needles', (0.008, 0.016, 0.01), (0.025, 0.04, 0.022), (0.05, 0.065, 0.035),
                            dry=(0.09, 0.06, 0.03), translucent=0.1, sheen=0.4, dry_share=0.03)
    bark = bark2_mat('bark', (0.04, 0.036, 0.032), lichen=(0.12, 0.14, 0.1))
    broad = [s10a_broadleaf_mesh(171 + i, h, c, 's11a-oak%d' % i, [leaves, bark], leaves=lv, lean=ln)
             for i, (h, c, lv, ln) in enumerate(((16, 7, 0.55, 0.05), (13, 6, 0.8, -0.1), (19, 8, 0.4, 0.0),
                                                 (11, 5, 0.9, 0.15), (15, 7, 0.25, -0.05), (17, 6.5, 0.65, 0.1)))]
    spruce = [s10a_spruce_mesh(181 + i, h, h * r, name='s11a-spruce%d' % i, mats=[needles, bark], dead=d, far=True)
              for i, (h, r, d) in enumerate(((18, 0.19, 0.08), (23, 0.17, 0.12), (14, 0.22, 0.03), (20, 0.2, 0.1)))]

    def plant(x, y, sink, pick_spruce, scale=None):
        z = float(fm_ground(np.array([x]), np.array([y]))[0]) - sink
        s = scale or rng.uniform(0.8, 1.15)
        if rng.random() < pick_spruce:
            put(spruce[rng.integers(0, len(spruce))], (x, y, z), rng.uniform(0, 6.3), s)
        else:
            put(broad[rng.integers(0, len(broad))], (x, y, z), rng.uniform(0, 6.3), s)
    # Two near trees at the frame's edges, dark and crisp against the fog; then a few unevenly spaced
    # along the field's edge, so the crowns do not wall off the frame.
    put(broad[0], (-6.9, 18.5, float(fm_ground(np.array([-6.9]), np.array([18.5]))[0]) - 0.1), 0.7, 1.05)
    put(spruce[3], (8.6, 22.0, float(fm_ground(np.array([8.6]), np.array([22.0]))[0]) - 0.1), 2.0, 0.9)
    for x, y in ((-13.0, 31.0), (-8.5, 46.0), (11.5, 36.0), (17.0, 48.0), (-21.0, 52.0), (25.0, 40.0)):
        plant(x + rng.uniform(-1, 1), y, 0.2, 0.15)
    # A hedgerow on a field boundary, then a wood; gaps let the fog's depth show between.
    x = -view_reach(110, 8)
    while x < view_reach(110, 8):
        y = 85 + 15 * math.sin(x / 29.0) + rng.uniform(-5, 5)
        if abs(math.sin(x / 17.0 + 0.7)) > 0.3:
            plant(x, y, 0.4, 0.2)
        x += rng.uniform(4, 9)
    for yy in np.arange(160, 320, 9.0):
        reach = view_reach(yy, 10)
        x = -reach + rng.uniform(0, 5)
        while x < reach:
            plant(x, yy + rng.uniform(-4, 4), 0.3, 0.3)
            x += rng.uniform(4, 8)
    # Session 13: the fog is lighter, so a farther wood (450-600 m) shows as the faintest silhouettes.
    for yy in np.arange(450, 600, 30.0):
        reach = view_reach(yy, 20)
        x = -reach + rng.uniform(0, 8)
        while x < reach:
            plant(x, yy + rng.uniform(-10, 10), 0.3, 0.3, scale=rng.uniform(1.0, 1.4))
            x += rng.uniform(5, 11)
    key(125, 9, 0.95, (1.0, 0.84, 0.62))
    outdoor_camera(4.0, 3000)
    render_settings(exposure=-0.2, adaptive=0.01)
    nature_compositor({'start': 0, 'depth': 1000, 'color': (0.7, 0.7, 0.69), 'max': 0.985, 'falloff': 'LINEAR'},
                      glow=(0.78, 0.75, 0.9, 0.6, (0.95, 0.86, 0.72)))
    fog_k = 3.6  # session 13: lighter (was 5.5): 5 % at the car, 10 % at 30 m, 30 % at 100 m, 66 % at 300 m
    s11a_exp_fog(fog_k)
    s13C_sensor_grain(0.012, 0.0008, chroma=0.2, seed=37)
    # The fog the compositor lays over the car at its distance (the mist pass is distance / 1000 m here): the
    # engine veils the car by as much (carToneCurve), or it stands out of the fog at full contrast.
    haze = 0.985 * (1 - math.exp(-fog_k * meta['camera']['carDistanceM'] / 1000))
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95], 'haze': round(haze, 3)}


def worn_paint_mat(name='worn-paint', color=(0.72, 0.7, 0.64)):
    """Road paint worn by tyres: a noise mask lets the asphalt through in patches and specks."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    wear = ramp(nt, noise(nt, c, 2.5, 6, 0.65), [(0.35, (0, 0, 0)), (0.6, (1, 1, 1))])
    speck = ramp(nt, noise(nt, c, 60, 3, 0.6), [(0.3, (0, 0, 0)), (0.6, (1, 1, 1))])
    cover = math_node(nt, 'MULTIPLY', wear, speck)
    p_ = principled(nt, out, color, 0.6, 0.4)
    worn_cover(nt, out, cover, p_)
    return m


# ---- night drive (session 7): helpers used only by s_night_drive

ND_CAM = (0.0, -14.5, 1.25)  # the outdoor camera's position (camera(outdoor=True))


def nd_ground(x, y):
    """The land beyond the road: a gravel shoulder and grass verge, a bank falling away into a valley
    behind the guard rail, and 1-3 km off hills rising to a ridge (then falling, so the skyline is a ridge
    and never the mesh's edge)."""
    import numpy as np

    def ss(a, b, v):
        t = np.clip((v - a) / (b - a), 0, 1)
        return t * t * (3 - 2 * t)
    z = 0.05 * fbm(x, y, 1.8, 3, seed=4) * ss(9.6, 10.4, y) + 0.03 * ss(9.5, 10.3, y)
    z = z - 17.0 * ss(11.8, 70.0, y) + 1.6 * fbm(x, y, 9.0, 3, seed=5) * ss(12.5, 22.0, y)
    z = z - 6.0 * ss(70.0, 500.0, y) + 115.0 * ss(500.0, 2600.0, y) - 200.0 * ss(2900.0, 4600.0, y)
    far = ss(350.0, 1200.0, y)
    z = z + far * (38.0 * fbm(x, y, 800.0, 5, seed=9) + 7.0 * fbm(x, y, 180.0, 4, seed=10))
    return z


def nd_haze(nt, out, shader, color, dist):
    """Airlight at night: the surface fades towards the glow of the town-lit haze with distance from the
    camera (1 - exp(-d / dist)), done in the material so the sky keeps its own gradient."""
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    d = nt.nodes.new('ShaderNodeVectorMath')
    d.operation = 'DISTANCE'
    link(nt, geo.outputs['Position'], d.inputs[0])
    d.inputs[1].default_value = ND_CAM
    f = math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'EXPONENT', math_node(nt, 'DIVIDE', d.outputs['Value'], -dist)))
    em = nt.nodes.new('ShaderNodeEmission')
    em.inputs['Color'].default_value = (*color, 1)
    em.inputs['Strength'].default_value = 1.0
    mx = nt.nodes.new('ShaderNodeMixShader')
    link(nt, f, mx.inputs[0])
    link(nt, shader, mx.inputs[1])
    link(nt, em.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])


def nd_land_mat(clusters, haze=(0.026, 0.022, 0.021), glow_gain=1.0,
                far_cols=((0.012, 0.014, 0.01), (0.03, 0.03, 0.022)), haze_dist=3200.0):
    """The land: gravel on the shoulder (stones in the colour and the bump), a ragged edge where the grass
    starts, rough grass and soil beyond; far off dark fields and woods with the faint glow of lit streets
    and roofs around each cluster of the town, then haze (`haze`: its colour, the sky's at the horizon;
    `glow_gain`: the streets' glow on the land; `far_cols`: the far fields' and woods' colour range;
    `haze_dist`: the haze's e-folding distance, m)."""
    m, nt, out = new_mat('nd-land')
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    y = sep.outputs['Y']
    edge_n = noise(nt, c, 1.3, 4, 0.6)
    edge = math_node(nt, 'ADD', 9.95, math_node(nt, 'MULTIPLY', edge_n, 0.5))
    grass = math_node(nt, 'GREATER_THAN', y, edge)
    stones = nt.nodes.new('ShaderNodeTexVoronoi')
    stones.inputs['Scale'].default_value = 55
    link(nt, c, stones.inputs['Vector'])
    gcol = ramp(nt, stones.outputs['Color'], [(0.0, (0.09, 0.085, 0.08)), (0.5, (0.16, 0.15, 0.135)),
                                               (1.0, (0.24, 0.22, 0.2))])
    fine = noise(nt, c, 140, 2, 0.5)
    gcol = mix_rgb(nt, 1.0, gcol, ramp(nt, fine, [(0.3, (0.7, 0.7, 0.7)), (0.7, (1.1, 1.1, 1.1))]), 'MULTIPLY')
    soil = ramp(nt, noise(nt, c, 3.0, 6, 0.6), [(0.3, (0.05, 0.055, 0.028)), (0.55, (0.085, 0.09, 0.045)),
                                                 (0.75, (0.08, 0.07, 0.045))])
    far = ramp(nt, noise(nt, c, 0.02, 5, 0.6), [(0.35, far_cols[0]), (0.65, far_cols[1])])
    mr = nt.nodes.new('ShaderNodeMapRange')
    link(nt, y, mr.inputs['Value'])
    mr.inputs['From Min'].default_value = 40.0
    mr.inputs['From Max'].default_value = 200.0
    col = mix_rgb(nt, grass, gcol, soil)
    col = mix_rgb(nt, mr.outputs[0], col, far)
    h = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 1.0, grass), stones.outputs['Distance'])
    p = principled(nt, out, col, 0.85, 0.3, 0.0, bump(nt, h, 0.5, 0.01))
    glow = None
    for (cx, cy, cz, r, a) in clusters:
        d = nt.nodes.new('ShaderNodeVectorMath')
        d.operation = 'DISTANCE'
        link(nt, c, d.inputs[0])
        d.inputs[1].default_value = (cx, cy, cz)
        f = math_node(nt, 'MAXIMUM', math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'DIVIDE', d.outputs['Value'], r)), 0.0)
        f = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', f, f), a)
        glow = f if glow is None else math_node(nt, 'ADD', glow, f)
    streets = ramp(nt, noise(nt, c, 0.03, 6, 0.7), [(0.35, (0.3, 0.3, 0.3)), (0.7, (1.0, 1.0, 1.0))])
    glow = math_node(nt, 'MULTIPLY', glow, math_node(nt, 'MULTIPLY', streets, glow_gain))
    em = nt.nodes.new('ShaderNodeEmission')
    em.inputs['Color'].default_value = (1.0, 0.62, 0.36, 1)
    link(nt, glow, em.inputs['Strength'])
    add = nt.nodes.new('ShaderNodeAddShader')
    link(nt, p.outputs[0], add.inputs[0])
    link(nt, em.outputs[0], add.inputs[1])
    nd_haze(nt, out, add.outputs[0], haze, haze_dist)
    return m


def nd_town(rng):
    """The town across the valley as separate lights on the land: clusters (a village on the far slope, a
    hamlet, the town's edge on the ridge) of streets that wander, street lamps along them (sodium in some
    villages, white LED in others), windows of houses beside the streets (a share lit, warm, a few blue with
    a television), a lit road climbing between villages, isolated farms, a floodlit yard, a radio mast's red
    lights on the ridge, a petrol station's sign. Every light is a small card facing the camera whose
    radiance falls off with the haze. Returns the clusters (for the glow on the land)."""
    import numpy as np
    soup = Soup()
    cam = np.array(ND_CAM)

    def z_at(x, y):
        return nd_ground(np.array([x]), np.array([y]))[0]

    def card(p, w, h, col, power):
        p = np.array(p, float)
        n = cam - p
        dist = np.linalg.norm(n)
        n /= dist
        s, u = _frame(n[None, :], np)
        s, u = s[0], u[0]
        # Cards far off are at least ~1.2 px so a few samples find them; their radiance keeps the flux.
        k = max(1.0, dist / 1900.0)
        ww, hh = w * k, h * k
        q = [p - s * ww / 2 - u * hh / 2, p + s * ww / 2 - u * hh / 2, p + s * ww / 2 + u * hh / 2,
             p - s * ww / 2 + u * hh / 2]
        fade = math.exp(-dist / 2600.0) * 0.85 + 0.15 * math.exp(-dist / 900.0)
        pw = power * fade / (k * k)
        soup.quads([q], 0, r=col[0] * pw, g=col[1] * pw, b=col[2] * pw)

    sodium = (1.0, 0.5, 0.16)
    hps = (1.0, 0.64, 0.3)
    led = (0.82, 0.88, 1.0)
    warm = [(1.0, 0.6, 0.28), (1.0, 0.7, 0.4), (1.0, 0.78, 0.52), (1.0, 0.55, 0.22)]
    clusters = []
    # Cluster centres: (x as a share of the view's half width, depth, radius, houses, LED share).
    plan = [(-0.55, 900, 140, 60, 0.2), (0.35, 1150, 220, 110, 0.7), (-0.1, 1500, 120, 40, 0.0),
            (0.75, 1700, 260, 120, 0.5), (-0.8, 2000, 300, 140, 0.3), (0.1, 2300, 380, 220, 0.6),
            (-0.35, 2700, 250, 90, 0.1), (0.55, 2600, 200, 70, 0.9), (0.95, 1300, 90, 25, 0.0),
            (-0.05, 1900, 150, 40, 0.4), (0.3, 3000, 350, 120, 0.5), (-0.7, 3100, 300, 80, 0.2)]
    for (fx, cy, r, houses, led_share) in plan:
        cy = cy * rng.uniform(0.92, 1.08)
        cx = fx * view_reach(cy, 0) * 0.95
        clusters.append((cx, cy, z_at(cx, cy), r * 1.3, rng.uniform(0.006, 0.018)))
        lamp_col = led if rng.random() < led_share else (sodium if rng.random() < 0.6 else hps)
        pts = []
        for _ in range(max(2, int(r / 70))):
            p = np.array([cx, cy]) + rng.normal(0, r * 0.35, 2)
            a = rng.uniform(0, 2 * np.pi)
            for _ in range(rng.integers(3, 12)):
                a += rng.normal(0, 0.35)
                p = p + np.array([math.cos(a), math.sin(a)]) * rng.uniform(22, 38)
                if np.linalg.norm(p - [cx, cy]) > r * 1.2:
                    break
                pts.append(p.copy())
                if rng.random() < 0.85:
                    card((p[0], p[1], z_at(*p) + 6), 0.7, 0.7, lamp_col, rng.uniform(15, 80))
        pts = np.array(pts) if pts else np.array([[cx, cy]])
        for _ in range(houses):
            b = pts[rng.integers(0, len(pts))] + rng.normal(0, 14, 2)
            zb = z_at(*b)
            for _ in range(rng.integers(1, 4)):
                if rng.random() < 0.35:
                    col = warm[rng.integers(0, 4)] if rng.random() > 0.06 else (0.45, 0.6, 1.0)
                    card((b[0] + rng.uniform(-5, 5), b[1], zb + rng.choice([1.4, 4.2, 7.0])), 1.1, 1.0, col,
                         rng.uniform(4, 20))
    # A road climbing along the far slope between villages, lit every 35 m (it curves with the land).
    for (y0, fx0, fx1, col) in ((1250, -0.9, 0.6, sodium), (2150, -0.5, 0.95, hps)):
        n = 45
        for i in range(n):
            t = i / (n - 1)
            y = y0 + 260 * math.sin(t * 3.0 + y0) + rng.normal(0, 4)
            x = (fx0 + (fx1 - fx0) * t) * view_reach(y, 0)
            if rng.random() < 0.8:
                card((x, y, z_at(x, y) + 8), 0.8, 0.8, col, rng.uniform(25, 70))
    # Farms and single houses between.
    for _ in range(70):
        y = rng.uniform(500, 3200)
        x = rng.uniform(-1, 1) * view_reach(y, 0)
        card((x, y, z_at(x, y) + rng.uniform(2, 6)), 0.9, 0.8, warm[rng.integers(0, 4)] if rng.random() < 0.7 else led,
             rng.uniform(8, 60))
    # A floodlit yard (four white masts), a petrol station (a green and a white sign), a mast's red lights.
    fx, fy = 0.62 * view_reach(1400, 0), 1400
    for dx in (-30, 30):
        for dy in (-20, 20):
            card((fx + dx, fy + dy, z_at(fx, fy) + 15), 1.4, 1.0, (0.9, 0.95, 1.0), 260)
    px, py = -0.25 * view_reach(1050, 0), 1050
    card((px, py, z_at(px, py) + 5), 4.0, 1.2, (0.2, 1.0, 0.35), 25)
    card((px + 12, py, z_at(px, py) + 6), 3.0, 1.0, (1.0, 0.95, 0.85), 40)
    card((px - 20, py, z_at(px, py) + 3), 2.0, 0.8, (1.0, 0.12, 0.05), 30)
    mx, my = 0.22 * view_reach(3150, 0), 3150
    for hz in (25, 60):
        card((mx, my, z_at(mx, my) + hz), 1.2, 1.2, (1.0, 0.06, 0.02), 120)
    me = soup.mesh('town', [nd_light_mat()])
    o = bpy.data.objects.new('town', me)
    sc.collection.objects.link(o)
    camera_only(o)
    return clusters


def worn_road_paint(name, wear, speck, tone, dark, light, rough, spec):
    """Road paint worn through in patches (`wear`: noise scale and the ramp's two stops) and specks
    (`speck`), its colour drifting between `dark` and `light` at noise scale `tone`."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    cover = math_node(nt, 'MULTIPLY',
                      ramp(nt, noise(nt, c, wear[0], 6, wear[3]), [(wear[1], (0, 0, 0)), (wear[2], (1, 1, 1))]),
                      ramp(nt, noise(nt, c, speck[0], 3, 0.6), [(speck[1], (0, 0, 0)), (speck[2], (1, 1, 1))]))
    col = ramp(nt, noise(nt, c, tone, 4, 0.6), [(0.3, dark), (0.7, light)])
    worn_cover(nt, out, cover, principled(nt, out, col, rough, spec))
    return m


def nd_paint_mat():
    """Road paint: mostly intact, worn through in patches and specks where tyres cross it, its white a
    little dirty and uneven (worn_paint_mat lets too much asphalt through for a line to read at night)."""
    return worn_road_paint('nd-paint', (1.5, 0.33, 0.5, 0.6), (45, 0.28, 0.48), 6.0, (0.36, 0.35, 0.33),
                           (0.55, 0.54, 0.5), 0.5, 0.5)


def nd_light_mat():
    """Emission whose colour and power come from each card's face attributes (r, g, b)."""
    m, nt, out = new_mat('nd-lights')
    comb = nt.nodes.new('ShaderNodeCombineRGB')
    for i, k in enumerate('rgb'):
        link(nt, attr(nt, k), comb.inputs[i])
    em = nt.nodes.new('ShaderNodeEmission')
    link(nt, comb.outputs[0], em.inputs['Color'])
    em.inputs['Strength'].default_value = 1.0
    link(nt, em.outputs[0], out.inputs['Surface'])
    return no_light_sampling(m)


def nd_guard_rail(y, x0, x1, mat, post_mat):
    """A W-beam guard rail: the two-rib profile (31 cm tall, 8 cm deep) extruded in 4 m panels that sag
    and lean a little each, blocked out on sigma posts every 2 m."""
    import numpy as np
    rng = np.random.default_rng(12)
    soup = Soup()
    t = np.linspace(0, 1, 17)
    pz = -0.155 + 0.31 * t
    py = -0.083 * 0.5 * (1 - np.cos(4 * np.pi * t))
    pz = np.concatenate([[pz[0] - 0.015], pz, [pz[-1] + 0.015]])
    py = np.concatenate([[0.01], py, [0.01]])
    x = x0
    while x < x1:
        L = 4.0
        xs = np.linspace(x, x + L + 0.05, 9)
        sag = rng.normal(0, 0.012) * np.sin(np.linspace(0, np.pi, 9)) + rng.normal(0, 0.006)
        lean = rng.normal(0, 0.01)
        ring = np.stack([np.stack([np.full_like(pz, xx), y + py + lean * (pz + 0.155), 0.6 + pz + s], 1)
                         for xx, s in zip(xs, sag)])
        q = np.stack([ring[:-1, :-1], ring[1:, :-1], ring[1:, 1:], ring[:-1, 1:]], axis=2).reshape(-1, 4, 3)
        soup.quads(q, 0)
        x += L
    me = soup.mesh('rail', [mat], smooth=True)
    o = bpy.data.objects.new('rail', me)
    sc.collection.objects.link(o)
    posts = Batch(post_mat, 'rail-posts')
    x = x0 + 1.0
    while x < x1:
        h = 0.78 + rng.normal(0, 0.01)
        posts.box((0.1, 0.012, h), (x, y + 0.2, h / 2), rot_z=rng.normal(0, 0.02))
        posts.box((0.012, 0.09, h), (x - 0.05, y + 0.155, h / 2))
        posts.box((0.012, 0.09, h), (x + 0.05, y + 0.155, h / 2))
        posts.box((0.12, 0.1, 0.3), (x, y + 0.06, 0.6))
        x += 2.0
    posts.done()


def nd_galvanised():
    m, nt, out = new_mat('nd-galvanised')
    c = coord(nt)
    spangle = nt.nodes.new('ShaderNodeTexVoronoi')
    spangle.inputs['Scale'].default_value = 90
    link(nt, c, spangle.inputs['Vector'])
    col = ramp(nt, spangle.outputs['Color'], [(0.0, (0.42, 0.43, 0.44)), (1.0, (0.6, 0.61, 0.62))])
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    # Road dirt: darker towards the bottom edge, in streaks.
    streak = noise(nt, math_node_vec_scale(nt, c, (6.0, 1.0, 0.3)), 2.0, 4, 0.6)
    dirt = math_node(nt, 'MULTIPLY', ramp(nt, sep.outputs['Z'], [(0.42, (1, 1, 1)), (0.62, (0.2, 0.2, 0.2))]),
                     ramp(nt, streak, [(0.3, (0.4, 0.4, 0.4)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, dirt, col, (0.12, 0.11, 0.1))
    rough = math_node(nt, 'ADD', 0.32, math_node(nt, 'MULTIPLY', dirt, 0.45))
    principled(nt, out, col, rough, 0.5, 0.55)
    return m


def nd_blades(y0, y1, edge_fn, density, height, mat, seed=8):
    """Grass blades over a strip whose near edge wanders (edge_fn(x) -> y), denser and taller away from
    the gravel; standing on nd_ground."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    w = 2 * view_reach(y1, 2.0)
    n = int(density * w * (y1 - y0))
    x = rng.uniform(-w / 2, w / 2, n)
    y = rng.uniform(y0, y1, n)
    e = edge_fn(x)
    keep = y > e + rng.exponential(0.08, n) * 0.6
    x, y, e = x[keep], y[keep], e[keep]
    n = len(x)
    z = nd_ground(x, y)
    grow = np.clip((y - e) / 0.5, 0.25, 1.0)
    h = height * rng.uniform(0.35, 1.25, n) * grow
    a = rng.uniform(0, 2 * np.pi, n)
    bw = rng.uniform(0.003, 0.007, n)
    lean = rng.random(n) * 0.45
    tipx = x + np.cos(a) * h * lean
    tipy = y + np.sin(a) * h * lean
    px, py = -np.sin(a), np.cos(a)
    tris = np.stack([np.stack([x - px * bw, y - py * bw, z - 0.02], 1), np.stack([x + px * bw, y + py * bw, z - 0.02], 1),
                     np.stack([tipx, tipy, z + h], 1)], axis=1)
    soup.add(tris, 0, tone=rng.random(n))
    me = soup.mesh('nd-grass', [mat])
    o = bpy.data.objects.new('nd-grass', me)
    sc.collection.objects.link(o)
    return o


# ---- night drive and spotlight night (session 11, helper s11b): used only by s_night_drive and
# s_spotlight_night

def s11b_night_sky(glow_dir=0.25, glow=1.0, strength=1.0):
    """A night sky over a town as a long exposure records it (session 11): no stripes. The light-pollution
    dome is a smooth, wide gradient from a warm sodium-brown at the horizon (brightest towards the town,
    `glow_dir` = its azimuth's sine, to the right when positive) through a muddy grey-mauve to a dark
    blue-black higher up; a broken stratocumulus deck seen in perspective (irregular cells, not streaks),
    its bases lit from below by the town (warm, strongest low down) with thinner, darker gaps between."""
    w, nt, bg, sep = elevation_world('s11b-night-sky')
    z = sep.outputs['Z']
    zc = math_node(nt, 'MAXIMUM', z, 0.015)
    # The dome: brighter where the view points towards the town (x of the view direction).
    side = math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', sep.outputs['X'], glow_dir * 2.0), 1.0), glow)
    col = ramp(nt, z, [(0.0, (0.060, 0.040, 0.026)), (0.02, (0.050, 0.036, 0.027)), (0.05, (0.030, 0.024, 0.023)),
                       (0.10, (0.014, 0.013, 0.017)), (0.2, (0.006, 0.0065, 0.011)), (0.45, (0.0025, 0.003, 0.006)),
                       (1.0, (0.0015, 0.002, 0.004))])
    dome = math_node(nt, 'MAXIMUM', math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'DIVIDE', z, 0.16)), 0.0)
    dome = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', dome, dome), side)
    col = mix_rgb(nt, 1.0, col, mix_rgb(nt, dome, (0.0, 0.0, 0.0), (0.022, 0.014, 0.008)), 'ADD')
    comb = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['X'], zc), 0.8), comb.inputs['X'])
    link(nt, math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), comb.inputs['Y'])
    comb.inputs['Z'].default_value = 2.7
    cell = noise(nt, comb.outputs[0], 0.9, 12, 0.62, distortion=0.6)
    big = noise(nt, comb.outputs[0], 0.22, 4, 0.5)
    dens = math_node(nt, 'ADD', cell, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', big, 0.5), 0.8))
    cover = ramp(nt, dens, [(0.44, (0, 0, 0)), (0.62, (0.85, 0.85, 0.85)), (0.8, (1, 1, 1))])
    lit = ramp(nt, z, [(0.0, (0.0, 0.0, 0.0)), (0.012, (0.060, 0.042, 0.030)), (0.05, (0.045, 0.034, 0.028)),
                       (0.12, (0.020, 0.017, 0.018)), (0.35, (0.004, 0.004, 0.005))])
    lit = mix_rgb(nt, 1.0, lit, side, 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, mix_rgb(nt, cover, (0, 0, 0), lit), 'ADD')
    link(nt, col, bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength
    return w


def s14N_blue_hour_sky(sun_az=-55.0, strength=1.0):
    """The sky at blue hour (session 14), 15-25 minutes after sunset: no sun, the whole dome lit. A deep
    blue overhead that pales towards the horizon (the haze there lit from the side); on the side where the
    sun went down (`sun_az`, degrees from straight ahead, negative = left) a warm afterglow band hugs the
    horizon, orange at the bottom through a faint rose to the blue; on the far side the horizon is a cooler
    grey-blue (the earth's shadow). A few thin stratus streaks, seen in perspective: dark blue-grey against
    the sky, their undersides warmed towards the afterglow."""
    w, nt, bg, sep = elevation_world('s14N-blue-hour')
    z = sep.outputs['Z']
    zc = math_node(nt, 'MAXIMUM', z, 0.015)
    col = ramp(nt, z, [(0.0, (0.2, 0.26, 0.42)), (0.03, (0.12, 0.19, 0.40)), (0.08, (0.06, 0.13, 0.37)),
                       (0.2, (0.035, 0.09, 0.32)), (0.45, (0.022, 0.065, 0.26)), (1.0, (0.015, 0.045, 0.2))])
    az = math.radians(sun_az)
    dot = nt.nodes.new('ShaderNodeVectorMath')
    dot.operation = 'DOT_PRODUCT'
    link(nt, sep.inputs[0].links[0].from_socket, dot.inputs[0])
    dot.inputs[1].default_value = (math.sin(az), math.cos(az), 0.0)
    toward = math_node(nt, 'MAXIMUM', dot.outputs['Value'], 0.0)
    glow = math_node(nt, 'POWER', toward, 3.0)
    band = ramp(nt, z, [(0.0, (0.7, 0.46, 0.14)), (0.045, (0.5, 0.33, 0.1)), (0.075, (0.15, 0.095, 0.03)),
                        (0.11, (0.03, 0.012, 0.01)), (0.16, (0.0, 0.0, 0.0))])
    col = mix_rgb(nt, 1.0, col, mix_rgb(nt, glow, (0.0, 0.0, 0.0), band), 'ADD')
    # The far side: the earth's shadow, a cooler, duller band just above the horizon.
    away = math_node(nt, 'POWER', math_node(nt, 'MAXIMUM', math_node(nt, 'MULTIPLY', dot.outputs['Value'], -1.0), 0.0), 2.0)
    shadow = ramp(nt, z, [(0.0, (0.8, 0.82, 0.9)), (0.1, (0.88, 0.9, 0.95)), (0.25, (1.0, 1.0, 1.0))])
    col = mix_rgb(nt, away, col, mix_rgb(nt, 1.0, col, shadow, 'MULTIPLY'))
    comb = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['X'], zc), 0.5), comb.inputs['X'])
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), 1.1), comb.inputs['Y'])
    comb.inputs['Z'].default_value = 4.1
    streak = noise(nt, comb.outputs[0], 0.5, 8, 0.6, distortion=0.4)
    big = noise(nt, comb.outputs[0], 0.12, 3, 0.5)
    dens = math_node(nt, 'ADD', streak, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', big, 0.5), 0.9))
    cover = ramp(nt, dens, [(0.58, (0, 0, 0)), (0.74, (0.45, 0.45, 0.45)), (0.9, (0.7, 0.7, 0.7))])
    cover = math_node(nt, 'MULTIPLY', cover, ramp(nt, z, [(0.012, (0, 0, 0)), (0.05, (1, 1, 1))]))
    cloud = mix_rgb(nt, glow, (0.07, 0.085, 0.14), (0.30, 0.17, 0.13))
    col = mix_rgb(nt, cover, col, mix_rgb(nt, 1.0, cloud, ramp(nt, z, [(0.0, (1.4, 1.4, 1.4)), (0.15, (0.8, 0.8, 0.8))]),
                                           'MULTIPLY'))
    link(nt, col, bg.inputs['Color'])
    bg.inputs['Strength'].default_value = strength
    return w


def s11b_damp_asphalt_mat(name, base, patchy=0.0, tracks=(), puddles=0.5, keep_dry=None, gutter=None, damp_share=1.0,
                          dry_rough=0.8, damp_rough=0.5, spec=0.35, damp_scale=0.7, keep_soft=None):
    """Rural asphalt drying after an evening shower (session 11), built on nd_asphalt_mat's recipe: tone
    drift, coarse aggregate whose polished stone tops glint where the lamp grazes them, pores, tar-sealed
    cracks, repair patches and oil stains (`patchy`), polished wheel tracks (`tracks`, depths). Water: the
    surface is damp (darker, satin) in blotches and along the wheel tracks, dry and matt between; shallow
    puddles lie in the low spots (`puddles`: how much), almost mirrors, and along a gutter (`gutter` =
    (y, width)). `keep_dry` = (x0, x1, y0, y1): no puddle there (the car's standing area stays damp only)."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    tone = noise(nt, c, 0.15, 4, 0.5)
    col = ramp(nt, tone, [(0.3, tuple(v * 0.8 for v in base)), (0.7, tuple(v * 1.2 for v in base))])
    tone2 = noise(nt, math_node_vec_scale(nt, c, (0.4, 1.0, 1.0)), 0.9, 5, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, tone2, [(0.3, (0.85, 0.85, 0.85)), (0.7, (1.12, 1.12, 1.1))]), 'MULTIPLY')
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 45
    link(nt, c, agg.inputs['Vector'])
    stone = ramp(nt, agg.outputs['Color'], [(0.0, (0.6, 0.6, 0.6)), (0.6, (1.0, 1.0, 1.0)), (1.0, (1.7, 1.66, 1.6))])
    col = mix_rgb(nt, 0.85, col, mix_rgb(nt, 1.0, col, stone, 'MULTIPLY'))
    crack_n = noise(nt, c, 0.7, 3, 0.5, distortion=1.5)
    crack = math_node(nt, 'LESS_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', crack_n, 0.5)), 0.004)
    crack = math_node(nt, 'MULTIPLY', crack, ramp(nt, noise(nt, c, 0.3, 2, 0.5), [(0.4, (0, 0, 0)), (0.55, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', crack, 0.7), col, (0.015, 0.015, 0.015))
    rough = math_node(nt, 'ADD', dry_rough, math_node(nt, 'MULTIPLY', crack, 0.0))
    wheel = None
    if tracks:
        for ty in tracks:
            d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['Y'], ty))
            f = math_node(nt, 'MAXIMUM', math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'DIVIDE', d, 0.4)), 0.0)
            wheel = f if wheel is None else math_node(nt, 'MAXIMUM', wheel, f)
        wheel = math_node(nt, 'MULTIPLY', wheel, ramp(nt, noise(nt, c, 0.5, 3, 0.5), [(0.3, (0.5, 0.5, 0.5)), (0.7, (1, 1, 1))]))
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', wheel, 0.12), col, tuple(v * 0.7 for v in base))
    if patchy > 0:
        cells = nt.nodes.new('ShaderNodeTexVoronoi')
        cells.inputs['Scale'].default_value = 0.25
        link(nt, math_node_vec_scale(nt, c, (0.5, 1.0, 1.0)), cells.inputs['Vector'])
        cv = nt.nodes.new('ShaderNodeSeparateRGB')
        link(nt, cells.outputs['Color'], cv.inputs[0])
        patch = math_node(nt, 'GREATER_THAN', cv.outputs['R'], 1.0 - 0.3 * patchy)
        col = mix_rgb(nt, patch, col, mix_rgb(nt, 1.0, col, (0.62, 0.62, 0.64), 'MULTIPLY'))
        oil = ramp(nt, noise(nt, c, 1.1, 5, 0.65), [(0.64, (0, 0, 0)), (0.74, (1, 1, 1))])
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', oil, 0.6 * patchy), col, (0.025, 0.024, 0.025))
        rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', oil, 0.25 * patchy))
    # Water: damp blotches (metres), wetter along the wheel tracks; puddles in low spots.
    damp = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (0.6, 1.0, 1.0)), damp_scale, 6, 0.62, distortion=0.4), [(0.5, (0, 0, 0)), (0.57, (1, 1, 1))])
    damp = math_node(nt, 'MULTIPLY', damp, damp_share)
    if wheel is not None:
        damp = math_node(nt, 'MINIMUM', math_node(nt, 'ADD', damp, math_node(nt, 'MULTIPLY', wheel, 0.12 * damp_share)), 1.0)
    low = noise(nt, math_node_vec_scale(nt, c, (0.5, 1.0, 1.0)), 0.55, 6, 0.62, distortion=0.3)
    pud = ramp(nt, low, [(0.8 - 0.14 * puddles, (0, 0, 0)), (0.815 - 0.14 * puddles, (1, 1, 1))])
    if puddles <= 0:
        pud = math_node(nt, 'MULTIPLY', low, 0.0)
    if gutter is not None:
        gy, gw = gutter
        edge = math_node(nt, 'ADD', gy, math_node(nt, 'MULTIPLY', noise(nt, c, 0.8, 4, 0.6), gw * 1.6))
        broken = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (0.5, 1.0, 1.0)), 1.2, 4, 0.6), [(0.5, (0, 0, 0)), (0.54, (1, 1, 1))])
        pud = math_node(nt, 'MAXIMUM', pud, math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', sep.outputs['Y'], edge), broken))
    if keep_dry is not None:
        x0, x1, y0, y1 = keep_dry
        inside = math_node(nt, 'MULTIPLY',
                           math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', sep.outputs['X'], x0),
                                     math_node(nt, 'LESS_THAN', sep.outputs['X'], x1)),
                           math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', sep.outputs['Y'], y0),
                                     math_node(nt, 'LESS_THAN', sep.outputs['Y'], y1)))
        pud = math_node(nt, 'MULTIPLY', pud, math_node(nt, 'SUBTRACT', 1.0, inside))
    if keep_soft is not None:
        # A drier patch where the car stands with a ragged, soft edge (a straight-edged box shows).
        cx, cy, ax, ay = keep_soft
        ex = math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', sep.outputs['X'], cx), ax)
        ey = math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', sep.outputs['Y'], cy), ay)
        r2 = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', ex, ex), math_node(nt, 'MULTIPLY', ey, ey))
        r2 = math_node(nt, 'ADD', r2, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c, 0.9, 4, 0.6), 0.5), 0.9))
        wet_k = ramp(nt, r2, [(0.6, (0.85, 0.85, 0.85)), (1.1, (0, 0, 0))])  # 0.85 less water inside
        wet_k = math_node(nt, 'SUBTRACT', 1.0, wet_k)
        damp = math_node(nt, 'MULTIPLY', damp, wet_k)
        pud = math_node(nt, 'MULTIPLY', pud, wet_k)
    wet = math_node(nt, 'MAXIMUM', math_node(nt, 'MULTIPLY', damp, 0.75), pud)
    col = mix_rgb(nt, 1.0, col, mix_rgb(nt, wet, (1, 1, 1), (0.78, 0.78, 0.79)), 'MULTIPLY')
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', pud, 0.6), col, (0.012, 0.012, 0.013))
    if damp_rough < 0.3:
        # Stones poke through a thin water film: the wet sheen is speckled, not a smooth glow.
        wr = ramp(nt, noise(nt, c, 28.0, 3, 0.6), [(0.35, (damp_rough,) * 3), (0.65, (damp_rough + 0.3,) * 3)])
    else:
        wr = (damp_rough,) * 3
    rough = mix_rgb(nt, math_node(nt, 'MULTIPLY', damp, 0.75), rough, wr)
    rough = mix_rgb(nt, pud, rough, (0.03, 0.03, 0.03))
    pores = noise(nt, c, 260, 2, 0.5)
    h = math_node(nt, 'ADD', agg.outputs['Distance'], math_node(nt, 'MULTIPLY', pores, 0.3))
    h = math_node(nt, 'MULTIPLY', h, math_node(nt, 'SUBTRACT', 1.0, pud))
    # Seen at a grazing angle far off, a strong bump tilts normals away from the camera (black streaks):
    # fade it with distance.
    h = math_node(nt, 'MULTIPLY', h, math_node(nt, 'MAXIMUM', distance_fade(nt, 6.0, 15.0, 1.0, 0.0), 0.0))
    principled(nt, out, col, rough, spec, 0.0, bump(nt, h, 0.3, 0.006))
    return m


def comp_sqrt_luma(nt, src):
    """Compositor: the square root of the image's luminance (clamped at 0), the scale of shot noise, which
    grows with the square root of the light. Returns the node (its output 0 is the value)."""
    bw = nt.nodes.new('CompositorNodeRGBToBW')
    link(nt, src, bw.inputs[0])
    sq = nt.nodes.new('CompositorNodeMath')
    sq.operation = 'SQRT'
    mx = nt.nodes.new('CompositorNodeMath')
    mx.operation = 'MAXIMUM'
    link(nt, bw.outputs[0], mx.inputs[0])
    mx.inputs[1].default_value = 0.0
    link(nt, mx.outputs[0], sq.inputs[0])
    return sq


def s11b_photo_post(grain=0.06, floor=0.0015, halo=0.0, halo_threshold=1.0, halo_size=9, flare=None):
    """Photographic finishing after the library's compositor (session 11): a wide, soft halo around the
    brightest lights (lens haze; `halo` its mix), a veiling flare from a lamp just outside the frame
    (`flare` = (x, y, radius as width shares, colour, strength): a very soft glow entering from that
    side), and sensor noise: per-pixel random grain in linear light, proportional to the signal with a
    floor (shot and read noise), so shadows carry a faint, fine, luminance-mostly grain as a night photo
    at ISO 1600-3200 does. Inserted between the vignette and the output."""
    nt = sc.node_tree
    comp = next(n for n in nt.nodes if n.type == 'COMPOSITE')
    src = comp.inputs['Image'].links[0].from_socket
    img = src
    if halo > 0:
        g = nt.nodes.new('CompositorNodeGlare')
        g.glare_type = 'FOG_GLOW'
        g.quality = 'HIGH'
        g.threshold = halo_threshold
        g.size = halo_size
        g.mix = -1 + halo
        link(nt, img, g.inputs[0])
        img = g.outputs[0]
    if flare is not None:
        fx, fy, fr, fcol, fs = flare
        ell = nt.nodes.new('CompositorNodeEllipseMask')
        ell.x, ell.y, ell.width, ell.height = fx, fy, fr, fr * WIDTH / HEIGHT
        bl = nt.nodes.new('CompositorNodeBlur')
        bl.filter_type = 'FAST_GAUSS'
        bl.use_relative = True
        bl.factor_x = bl.factor_y = 45
        link(nt, ell.outputs['Mask'], bl.inputs[0])
        amt = nt.nodes.new('CompositorNodeMath')
        amt.operation = 'MULTIPLY'
        link(nt, bl.outputs[0], amt.inputs[0])
        amt.inputs[1].default_value = fs
        add = nt.nodes.new('CompositorNodeMixRGB')
        add.blend_type = 'ADD'
        link(nt, amt.outputs[0], add.inputs[0])
        link(nt, img, add.inputs[1])
        add.inputs[2].default_value = (*fcol, 1)
        img = add.outputs[0]
    if grain > 0:
        tex = bpy.data.textures.new('s11b-grain', type='NOISE')
        tn = nt.nodes.new('CompositorNodeTexture')
        tn.texture = tex
        n = nt.nodes.new('CompositorNodeMath')
        n.operation = 'SUBTRACT'
        link(nt, tn.outputs['Value'], n.inputs[0])
        n.inputs[1].default_value = 0.5
        sq = comp_sqrt_luma(nt, img)
        # sigma = grain * sqrt(L * 0.05) + floor  (shot noise grows with sqrt of the light)
        k = nt.nodes.new('CompositorNodeMath')
        k.operation = 'MULTIPLY'
        link(nt, sq.outputs[0], k.inputs[0])
        k.inputs[1].default_value = grain * math.sqrt(0.05)
        k2 = nt.nodes.new('CompositorNodeMath')
        k2.operation = 'ADD'
        link(nt, k.outputs[0], k2.inputs[0])
        k2.inputs[1].default_value = floor
        d = nt.nodes.new('CompositorNodeMath')
        d.operation = 'MULTIPLY'
        link(nt, n.outputs[0], d.inputs[0])
        link(nt, k2.outputs[0], d.inputs[1])
        add = nt.nodes.new('CompositorNodeMixRGB')
        add.blend_type = 'ADD'
        add.inputs[0].default_value = 1.0
        link(nt, img, add.inputs[1])
        link(nt, d.outputs[0], add.inputs[2])
        img = add.outputs[0]
    link(nt, img, comp.inputs['Image'])


def s11b_elliptic_spot(loc, power, target, angle_deg, blend, color, radius, stretch=(1.0, 1.0)):
    """A spot lamp whose cone is elliptical (a road luminaire's optic throws its light along the road more
    than across it): the lamp object scaled in its own x and y."""
    o = spot_light(loc, power, target, angle_deg=angle_deg, blend=blend, color=color, radius=radius)
    o.scale = (stretch[0], stretch[1], 1.0)
    return o


def s11b_layby_litter(rng, x_span, y_span, keep, n=40):
    """Small things on a lay-by: a crushed can, a plastic bottle, paper, cigarette ends, dry leaves,
    bottle glass, scattered gravel; never in the box `keep` = (x0, x1, y0, y1)."""
    import numpy as np
    mats = [simple_mat('s11b-can', (0.45, 0.08, 0.06), 0.35, metallic=0.7, grain=0.3, grain_scale=40),
            simple_mat('s11b-paper', (0.5, 0.48, 0.44), 0.85, grain=0.2, grain_scale=20),
            simple_mat('s11b-leaf', (0.16, 0.09, 0.035), 0.7, grain=0.4, grain_scale=30),
            simple_mat('s11b-bottle', (0.3, 0.34, 0.36), 0.1, grain=0.1),
            simple_mat('s11b-gravel', (0.2, 0.19, 0.17), 0.8, grain=0.4, grain_scale=60)]
    batches = [Batch(mt, 's11b-litter%d' % i) for i, mt in enumerate(mats)]
    k = 0
    while k < n:
        x = rng.uniform(*x_span)
        y = rng.uniform(*y_span)
        if keep[0] < x < keep[1] and keep[2] < y < keep[3]:
            continue
        kind = rng.choice([1, 1, 2, 2, 2, 2, 2, 4])
        rz = rng.uniform(0, 6.3)
        if kind == 0:
            batches[0].box((0.12, 0.065, 0.03), (x, y, 0.014), rot_z=rz, rot_x=rng.normal(0, 0.2))
        elif kind == 1:
            s = rng.uniform(0.06, 0.2)
            batches[1].box((s, s * rng.uniform(0.5, 1.0), 0.003), (x, y, 0.002), rot_z=rz, rot_x=rng.normal(0, 0.1))
        elif kind == 2:
            for _ in range(rng.integers(2, 7)):
                batches[2].box((0.05, 0.035, 0.003), (x + rng.normal(0, 0.25), y + rng.normal(0, 0.2), 0.002),
                               rot_z=rng.uniform(0, 6.3), rot_x=rng.normal(0, 0.3))
        elif kind == 3:
            batches[3].box((0.22, 0.07, 0.07), (x, y, 0.035), rot_z=rz)
        else:
            for _ in range(rng.integers(5, 25)):
                s = rng.uniform(0.01, 0.035)
                batches[4].box((s, s * 0.8, s * 0.6), (x + rng.normal(0, 0.3), y + rng.normal(0, 0.12), s * 0.25),
                               rot_z=rng.uniform(0, 6.3))
        k += 1
    for b in batches:
        b.done()


def s11b_floodlight(pos, target, power, color, cone_deg=64, blend=0.55):
    """A wall-mounted LED floodlight: a bracket, a dark finned housing tilted down at its target and its
    bright face (an emitter the camera sees, clipped white with a warm edge; the light itself is a spot
    lamp just in front of it)."""
    a, t = Vector(pos), Vector(target)
    d = (t - a).normalized()
    housing = simple_mat('s11b-flood-housing', (0.05, 0.05, 0.052), 0.45, metallic=0.6, grain=0.2, grain_scale=10)
    rot = d.to_track_quat('-Z', 'Y').to_euler()
    # (box and plane apply their rotation into the mesh: it must be given to them, not set afterwards.)
    box((0.46, 0.36, 0.1), tuple(a), housing, bevel=0.015, rot=tuple(rot))
    face = plane(0.38, 0.28, tuple(a + d * 0.052), no_light_sampling(emission_mat('s11b-flood-face', (1.0, 0.96, 0.9), 60.0)),
                 rot=tuple(d.to_track_quat('Z', 'Y').to_euler()))
    camera_only(face)
    # The bracket back to the wall.
    box((0.06, 0.5, 0.06), (a.x, a.y + 0.28, a.z + 0.05), housing, bevel=0.005)
    return spot_light(tuple(a + d * 0.08), power, tuple(t), angle_deg=cone_deg, blend=blend, color=color, radius=0.18)


def s11b_pipe_run(batch_mat, pts, r, name):
    """A pipe along a polyline (cylinders between points, a collar at each joint)."""
    for p0, p1 in zip(pts[:-1], pts[1:]):
        p0, p1 = Vector(p0), Vector(p1)
        d = p1 - p0
        o = cylinder(r, d.length, tuple((p0 + p1) / 2), batch_mat, verts=16)
        o.rotation_euler = d.to_track_quat('Z', 'Y').to_euler()
        o.name = name
        cylinder(r * 1.25, 0.06, tuple(p1), batch_mat, verts=16).rotation_euler = d.to_track_quat('Z', 'Y').to_euler()


def s11b_drum(x, y, color, rng, tilt=0.0):
    """A 200-litre steel drum: body with two rolling hoops, rusty and dented-looking (tone noise)."""
    m = simple_mat('s11b-drum-%d' % int(rng.integers(0, 1e6)), color, 0.55, metallic=0.4, grain=0.35, grain_scale=3,
                   bump_strength=0.15)
    s10a_weathered(m, streak=0.7, splash=0.6)
    o = cylinder(0.29, 0.88, (x, y, 0.44), m, verts=28)
    o.rotation_euler = (tilt, 0, rng.uniform(0, 6.3))
    for z in (0.3, 0.6):
        cylinder(0.3, 0.025, (x, y, z), m, verts=28)
    cylinder(0.285, 0.02, (x, y, 0.885), m, verts=28)


def s_night_drive():
    """A lay-by on a country road above a valley at night (session 7; rebuilt as a night photograph in
    session 11). One warm-white LED street lamp behind the guard rail at the left (its pole in frame, its
    head just above it) throws an elongated pool along the road that lights the car's place and falls off
    into the dark towards the camera and the right; the next lamp along, far to the right and out of
    frame, is an old orange sodium one, so the right of the lay-by carries a faint orange cast (mixed
    colour temperatures). The asphalt is drying after a shower: damp blotches and wheel tracks, puddles in
    the low spots and the gutter that mirror the sky glow, the pole and the tree, stone tops that glint;
    litter and leaves at the lay-by's edges. Worn markings, gravel shoulder, a W-beam rail on posts. Beyond:
    a bank dropping into the valley, broadleaf trees dark against a sky whose light-pollution dome is a
    smooth gradient (no streaks) under a broken cloud deck lit from below; the town across the valley as
    separate lights of varied colour (sodium, LED, windows) with soft halos. Sensor grain, a veiling glow
    from the lamp above the frame. 85 mm, f/4.
    Session 14: shot at blue hour instead of full night (a daylight-shot car could never match a black
    night sky): `s14N_blue_hour_sky`, a clearly lit deep blue with an afterglow low on the right, lights
    the lay-by softly and coolly from above; the street lamps are already on (a weaker warm pool), the
    town's lights below, the land and the far haze blue-grey in the twilight. The key light is the sky.
    Session 16: lit like night at the car. The lamp behind the rail lit the lay-by from behind the car: the
    floor took its pool but the car's camera-facing side (the probes') did not, so a car graded to the
    probes stood at 0.1-0.15 of its floor. The lay-by now has its own lamp, in front of the car and to its
    left, above and outside the frame, which lights the car's place and falls off into the dark towards the
    camera and the ends; the rail's lamp lights the road (weaker). The key light is that lamp."""
    import numpy as np
    rng = np.random.default_rng(21)
    sky_strength = 1.0
    s14N_blue_hour_sky(sun_az=35.0, strength=sky_strength)
    lamp_col = (1.0, 0.8, 0.58)
    sodium_col = (1.0, 0.55, 0.2)
    keep = (-3.2, 3.2, -1.6, 1.6)
    # (The materials work in each plane's own coordinates: the lay-by's centre is y = -5.45, the road's 6.0.)
    plane(400, 16, (0, -5.45, 0.0), s11b_damp_asphalt_mat('nd-layby', (0.085, 0.083, 0.082), patchy=1.0,
                                                          puddles=0.5, keep_dry=(-3.2, 3.2, -1.6 + 5.45, 1.6 + 5.45)))
    plane(400, 6.9, (0, 6.0, 0.001), s11b_damp_asphalt_mat('nd-road', (0.062, 0.062, 0.065), tracks=(-2.4, -1.0, 1.0, 2.4),
                                                           puddles=0.0, gutter=None, damp_share=0.0))
    meta['floor'] = {'gloss': 0.1, 'roughness': 0.5, 'kind': 'asphalt'}
    paint = nd_paint_mat()
    x = -60.0
    while x < 60:  # the lay-by's broken line
        plane(1.0, 0.15, (x + rng.normal(0, 0.02), 2.65, 0.004), paint)
        x += 2.0
    for i in range(-12, 13):
        plane(3.0, 0.1, (i * 9.0 + 1.5, 6.0, 0.004), paint)
    plane(200, 0.12, (0, 9.2, 0.004), paint)
    s11b_layby_litter(rng, (-12.0, 12.0), (-6.0, 2.3), keep, n=70)
    # The land beyond the road (shoulder, verge, bank, valley, far hills) with the town on it.
    clusters = nd_town(rng)
    land = nd_land_mat(clusters, haze=tuple(v * sky_strength for v in (0.09, 0.12, 0.21)), glow_gain=0.4,
                       far_cols=((0.004, 0.006, 0.004), (0.07, 0.068, 0.052)), haze_dist=5500.0)
    terrain(9.45, 70, nd_ground, land, rows=180, cols=360, name='verge', y_power=2.0, margin=6.0)
    terrain(60, 4600, nd_ground, land, rows=240, cols=640, name='valley', y_power=2.2, margin=40.0)
    blades = leaf2_mat('nd-blades', (0.05, 0.065, 0.028), (0.2, 0.22, 0.1), translucent=0.2,
                       autumn=(0.32, 0.27, 0.15))
    nd_blades(9.6, 14.5, lambda xx: 9.95 + 0.25 * fbm(xx, np.zeros_like(xx), 1.3, 3, seed=6), 900, 0.32, blades)
    nd_guard_rail(10.45, -30.0, 30.0, nd_galvanised(), nd_galvanised())
    # The lamp: a tapered grey pole behind the rail, its arm and head over the road (just above the frame).
    pole_mat = simple_mat('nd-pole', (0.16, 0.165, 0.17), 0.6, metallic=0.3, grain=0.2, grain_scale=4,
                          bump_strength=0.05)
    lx, ly = -4.2, 11.3
    cylinder(0.085, 9.0, (lx, ly, 4.5), pole_mat, verts=20)
    cylinder(0.12, 0.9, (lx, ly, 0.45), pole_mat, verts=20)
    head = (lx, 7.8, 8.6)
    box((0.07, 3.6, 0.07), (lx, 9.5, 8.85), pole_mat, bevel=0.01, rot=(0.08, 0, 0))
    box((0.28, 0.6, 0.1), head, pole_mat, bevel=0.03)
    # Session 16: the road lamp behind the rail lights the road, not the lay-by (its pool behind the car lit
    # the floor the camera sees but not the car's camera-facing side, so a car graded to the probes stood at
    # 0.15 of its floor). LED road optics: an elongated cone, long along the road.
    s11b_elliptic_spot((lx, head[1], head[2] - 0.08), 2500, (lx + 1.5, 6.5, 0), 80, 0.75, lamp_col, 0.2,
                       stretch=(1.9, 0.85))
    # A little light spills up and back (the pole's top, the nearest crowns).
    point_light((lx, head[1] + 0.3, head[2] - 0.1), 150, lamp_col, radius=0.15)
    # The lay-by's own lamp (session 16): on the near side, in front of the car and to its left, above and
    # outside the frame, so it lights what faces the camera as it lights the floor. Its pool covers the
    # car's place and falls off into the dark towards the camera, the lay-by's ends and the road.
    bay_lamp = (-3.5, -2.0, 8.5)
    s11b_elliptic_spot(bay_lamp, 4000, (0.6, 0.6, 0), 110, 1.0, lamp_col, 0.25, stretch=(1.5, 0.9))
    # The next lamp along the road, 36 m to the right (out of frame): an old sodium one.
    s11b_elliptic_spot((lx + 36.0, head[1], head[2] - 0.08), 2000, (lx + 34.0, 2.5, 0), 120, 0.5, sodium_col, 0.2,
                       stretch=(1.6, 0.85))
    # Trees and bushes on the bank, framing the view: crowns that reach out of the frame at the sides,
    # the middle open to the valley.
    leaves = leaf2_mat('nd-leaves', (0.02, 0.03, 0.012), (0.07, 0.08, 0.03), translucent=0.3,
                       autumn=(0.12, 0.1, 0.04))
    bark = bark2_mat('nd-bark', (0.05, 0.045, 0.04))
    trees = [broadleaf_mesh(31 + i, h, c, name='nd-tree%d' % i, mats=[leaves, bark])
             for i, (h, c) in enumerate(((13, 9), (10, 7), (15, 10), (4, 4)))]
    for (tx, ty, k, s) in ((-10.5, 19.0, 0, 1.0), (-7.0, 29.0, 1, 1.1), (-15.0, 34.0, 2, 1.0), (8.3, 21.0, 2, 0.9),
                           (13.5, 31.0, 0, 1.1), (5.5, 47.0, 1, 0.8), (-3.5, 60.0, 1, 0.9), (-8.0, 13.5, 3, 0.8),
                           (7.5, 13.0, 3, 0.7), (11.0, 14.0, 3, 1.0), (-12.5, 14.5, 3, 0.9)):
        put(trees[k], (tx, ty, float(nd_ground(np.array([tx]), np.array([ty]))[0]) - 0.1), rng.uniform(0, 6.3), s)
    # The key is the lay-by's lamp (session 16; the twilight sky since session 14): from the front left,
    # fairly hard (a small LED head 10 m away, the sky filling the shadow), warm.
    dx, dy, dz = bay_lamp
    key(round(math.degrees(math.atan2(dx, dy)) % 360.0, 1), round(math.degrees(math.atan2(dz, math.hypot(dx, dy))), 1),
        0.35, lamp_col)
    camera(outdoor=True)
    sc.camera.data.dof.aperture_fstop = 4.0
    meta['camera']['fStop'] = 4.0
    sc.camera.data.clip_end = 20000
    render_settings(exposure=0.1, adaptive=0.01)
    nature_compositor(None, glare=0.35)
    hx, hy = project(head)
    s11b_photo_post(grain=0.05, floor=0.0012, halo=0.22, halo_threshold=0.6, halo_size=9,
                    flare=(hx, 1.0 - hy, 0.4, (0.05, 0.038, 0.026), 0.2))
    return {'night': True, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


# ---- coast road (session 10): helpers used only by cr10_coast_road

def cr10_box(soup, dims, loc, mat=0, rot_z=0.0, rot_x=0.0, **attrs):
    """A box as six quads into a Soup (so each block can carry its own per-face attributes)."""
    import numpy as np
    from mathutils import Matrix
    m = Matrix.Translation(Vector(loc)) @ Matrix.Rotation(rot_z, 4, 'Z') @ Matrix.Rotation(rot_x, 4, 'X')
    sx, sy, sz = (d / 2 for d in dims)
    c = [m @ Vector((x * sx, y * sy, z * sz)) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    f = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    q = np.array([[tuple(c[i]) for i in face] for face in f], dtype=np.float32)
    soup.quads(q, mat, **attrs)


def cr10_sky(sun_elev, sun_az, cover=0.5, scale=1.3, seed=3.0, squash=0.3, golden=False, strength=None):
    """Fair-weather cumulus with structure (session 10): the cloud deck's density is sampled twice, the
    second time shifted towards the sun, so edges facing the sun are lit and the far sides and thick
    bases turn blue-grey (the sun is ahead of the camera: the clouds are backlit, with bright rims); a
    cauliflower edge from a high-detail, distorted noise; a thin high veil of altocumulus streaks; the
    haze brightening towards the sun's side of the horizon.
    `golden` (session 11, sunset drive): the golden-hour palette: the Nishita sky pale gold at the horizon
    and hazy blue above with a warm glow towards the low sun, cloud edges facing it gold to salmon, thick
    bases violet-grey, the high veil lit pink. `strength`: the world's strength (default: as set)."""
    w, nt, bg, sky = nishita_world('s11a-golden-sky' if golden else 'cr10-sky', sun_elev, sun_az,
                                   dust=0.9 if golden else 0.08)
    base = mix_rgb(nt, 1.0, sky.outputs['Color'], (0.12, 0.12, 0.12), 'MULTIPLY')
    g = nt.nodes.new('ShaderNodeTexCoord')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, g.outputs['Generated'], sep.inputs[0])
    az = math.radians(sun_az)
    if golden:
        # Warm band low down, the blue overhead a little muted.
        base = mix_rgb(nt, 1.0, base, ramp(nt, sep.outputs['Z'], [(0.0, (1.2, 0.95, 0.72)), (0.04, (1.0, 0.95, 0.9)),
                                                                   (0.14, (0.72, 0.88, 1.12)), (0.4, (0.6, 0.8, 1.15))]),
                       'MULTIPLY')
        # Towards the sun the haze brightens and warms.
        dot = nt.nodes.new('ShaderNodeVectorMath')
        dot.operation = 'DOT_PRODUCT'
        link(nt, g.outputs['Generated'], dot.inputs[0])
        dot.inputs[1].default_value = (math.sin(az), math.cos(az), 0.08)
        glow = math_node(nt, 'POWER', math_node(nt, 'MAXIMUM', dot.outputs['Value'], 0.0), 3.0)
        low = ramp(nt, sep.outputs['Z'], [(0.0, (1, 1, 1)), (0.25, (0.2, 0.2, 0.2))])
        base = mix_rgb(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', glow, low), 0.55), base,
                       mix_rgb(nt, 1.0, base, (1.9, 1.35, 0.85), 'MULTIPLY'))
    else:
        # Slightly muted blue overhead (no polariser), a touch warmer near the horizon.
        tint = ramp(nt, sep.outputs['Z'], [(0.0, (0.96, 0.98, 1.0)), (0.2, (0.86, 0.92, 1.02))])
        base = mix_rgb(nt, 1.0, base, tint, 'MULTIPLY')
    zc = math_node(nt, 'MAXIMUM', sep.outputs['Z'], 0.012)

    def deck(dx, dy):
        comb = nt.nodes.new('ShaderNodeCombineXYZ')
        link(nt, math_node(nt, 'ADD', math_node(nt, 'DIVIDE', sep.outputs['X'], zc), dx), comb.inputs['X'])
        link(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), squash), dy),
             comb.inputs['Y'])
        comb.inputs['Z'].default_value = seed
        field = noise(nt, comb.outputs[0], scale * 0.17, 3, 0.5)
        cell = noise(nt, comb.outputs[0], scale, 14, 0.66, distortion=0.35)
        puff = noise(nt, comb.outputs[0], scale * 4.0, 8, 0.6)
        d = math_node(nt, 'ADD', cell, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', field, 0.5), 0.7))
        return math_node(nt, 'ADD', d, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', puff, 0.5), 0.12))

    d = deck(0.0, 0.0)
    d_sun = deck(0.12 * math.sin(az), 0.12 * math.cos(az) * squash)
    thr = 1.0 - cover
    alpha = ramp(nt, d, [(thr - 0.02, (0, 0, 0)), (thr + (0.07 if golden else 0.06), (1, 1, 1))])
    # Lit where the cloud thins towards the sun (d_sun < d), shaded where it thickens.
    lit = math_node(nt, 'SUBTRACT', d, d_sun)
    if golden:
        lit_c = ramp(nt, lit, [(-0.06, (0.36, 0.32, 0.4)), (0.0, (0.75, 0.58, 0.52)), (0.07, (1.8, 1.15, 0.65))])
        thick = ramp(nt, d, [(thr + 0.02, (1.1, 1.05, 1.0)), (thr + 0.22, (0.5, 0.48, 0.56))])
    else:
        lit_c = ramp(nt, lit, [(-0.06, (0.5, 0.53, 0.6)), (0.0, (0.72, 0.74, 0.78)), (0.07, (1.05, 1.03, 1.0))])
        thick = ramp(nt, d, [(thr + 0.02, (1.15, 1.12, 1.08)), (thr + 0.22, (0.62, 0.65, 0.7))])
    ccol = mix_rgb(nt, 1.0, lit_c, thick, 'MULTIPLY')
    ccol = mix_rgb(nt, 1.0, ccol, (0.75, 0.7, 0.7) if golden else (1.2, 1.2, 1.2), 'MULTIPLY')
    fd = ramp(nt, sep.outputs['Z'], [(0.006, (0, 0, 0)), (0.04, (1, 1, 1))] if golden else
              [(0.004, (0, 0, 0)), (0.03, (1, 1, 1))])
    a = math_node(nt, 'MULTIPLY', alpha, fd)
    top = 0.1 if golden else 0.08
    hazed = mix_rgb(nt, ramp(nt, sep.outputs['Z'], [(0.01, (0.6, 0.6, 0.6)), (0.12, (top, top, top))]), ccol, base)
    col = mix_rgb(nt, a, base, hazed)
    # A high veil: faint stretched altocumulus in the gaps.
    comb2 = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'DIVIDE', sep.outputs['X'], zc), comb2.inputs['X'])
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'DIVIDE', sep.outputs['Y'], zc), 0.08), comb2.inputs['Y'])
    comb2.inputs['Z'].default_value = seed + 5.0
    veil = noise(nt, math_node_vec_scale(nt, comb2.outputs[0], (0.5, 3.0, 1.0)), 0.6, 10, 0.62, distortion=0.5)
    va = ramp(nt, veil, [(0.5, (0, 0, 0)), (0.72, (0.35, 0.35, 0.35))] if golden else
              [(0.52, (0, 0, 0)), (0.72, (0.22, 0.22, 0.22))])
    va = math_node(nt, 'MULTIPLY', va, math_node(nt, 'SUBTRACT', 1.0, a))
    veil_col = mix_rgb(nt, 1.0, base, (1.5, 1.1, 0.95), 'MULTIPLY') if golden else (0.78, 0.8, 0.84)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', va, fd), col, veil_col)
    link(nt, col, bg.inputs['Color'])
    if strength is not None:
        bg.inputs['Strength'].default_value = strength
    return w


def cr10_sea_mat():
    """The open Aegean from a corniche (session 10): a deep blue body under wind waves at their real sizes
    (a 6-9 m swell, 1.5-3 m wind waves with crests across the view, 30-cm chop near the wall that fades
    with distance), whose sun-facing facets carry the glitter; calmer slicks in long streaks (smoother,
    so they mirror the sky in bands as real seas do) and a few small whitecaps."""
    m, nt, out = new_mat('cr10-sea')
    c = coord(nt, 'Object')
    swell = noise(nt, math_node_vec_scale(nt, c, (0.35, 1.0, 1.0)), 0.12, 3, 0.5, distortion=0.3)
    wind = noise(nt, math_node_vec_scale(nt, c, (0.3, 1.0, 1.0)), 0.5, 2, 0.5, distortion=0.6)
    chop = noise(nt, math_node_vec_scale(nt, c, (0.6, 1.0, 1.0)), 2.6, 2, 0.5)
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', swell, 2.5), wind)
    h = math_node(nt, 'ADD', h, math_node(nt, 'MULTIPLY', chop, distance_fade(nt, 40.0, 500.0, 0.45, 0.0)))
    slick = smooth_band(nt, noise(nt, math_node_vec_scale(nt, c, (0.08, 1.0, 1.0)), 0.02, 3, 0.5), 0.52, 0.6)
    rough = mix_rgb(nt, slick, (0.16, 0.16, 0.16), (0.09, 0.09, 0.09))
    strength = mix_rgb(nt, slick, (1.0, 1.0, 1.0), (0.55, 0.55, 0.55))
    bmp = nt.nodes.new('ShaderNodeBump')
    link(nt, h, bmp.inputs['Height'])
    link(nt, strength, bmp.inputs['Strength'])
    bmp.inputs['Distance'].default_value = 0.12
    body = ramp(nt, noise(nt, c, 0.004, 3, 0.5), [(0.3, (0.003, 0.02, 0.042)), (0.7, (0.005, 0.03, 0.055))])
    wc = noise(nt, math_node_vec_scale(nt, c, (0.5, 1.0, 1.0)), 0.9, 6, 0.6)
    whitecap = math_node(nt, 'MULTIPLY', smooth_band(nt, wc, 0.74, 0.8),
                         smooth_band(nt, noise(nt, c, 0.05, 3, 0.5), 0.55, 0.65))
    col = mix_rgb(nt, whitecap, body, (0.55, 0.6, 0.62))
    p = principled(nt, out, col, rough, 0.5, 0.0, bmp.outputs[0])
    p.inputs['IOR'].default_value = 1.33
    return m


def cr10_stone_mat():
    """Dressed limestone blocks of a sea wall, decades old: each block its own tone (attribute `blk`), pitting
    and pores, weathered darker in the lower courses, dark salt-and-grime splash at the foot, grey and
    ochre lichen spots, rust run-off below each railing post (posts every 1.5 m from x = 0.3)."""
    m, nt, out = new_mat('cr10-stone')
    c = coord(nt, 'Object')
    blk = attr(nt, 'blk')
    base = ramp(nt, blk, [(0.0, (0.46, 0.42, 0.36)), (0.35, (0.56, 0.52, 0.45)), (0.7, (0.62, 0.59, 0.52)),
                          (1.0, (0.52, 0.5, 0.47))])
    tone = noise(nt, c, 1.4, 6, 0.6)
    col = mix_rgb(nt, 1.0, base, ramp(nt, tone, [(0.3, (0.84, 0.84, 0.84)), (0.7, (1.08, 1.07, 1.05))]), 'MULTIPLY')
    pores = nt.nodes.new('ShaderNodeTexVoronoi')
    pores.inputs['Scale'].default_value = 38.0
    link(nt, c, pores.inputs['Vector'])
    pit = smooth_band(nt, pores.outputs['Distance'], 0.0, 0.12)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 1.0, pit), 0.45), col,
                  tuple(v * 0.45 for v in (0.5, 0.46, 0.4)))
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    z = math_node(nt, 'ADD', sep.outputs['Z'], math_node(nt, 'MULTIPLY', noise(nt, c, 4.0, 4, 0.6), 0.12))
    grime = ramp(nt, z, [(0.0, (0.42, 0.4, 0.37)), (0.22, (0.85, 0.84, 0.82)), (0.4, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, col, grime, 'MULTIPLY')
    st = noise(nt, math_node_vec_scale(nt, c, (5.0, 5.0, 0.35)), 1.2, 6, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, st, [(0.45, (1, 1, 1)), (0.72, (0.72, 0.7, 0.66))]), 'MULTIPLY')
    lichen = ramp(nt, noise(nt, c, 3.0, 6, 0.7), [(0.66, (0, 0, 0)), (0.7, (1, 1, 1))])
    lichen_c = ramp(nt, noise(nt, c, 0.7, 2, 0.5), [(0.4, (0.2, 0.2, 0.17)), (0.6, (0.55, 0.42, 0.2))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', lichen, 0.7), col, lichen_c)
    # Rust run-off under the posts.
    px = math_node(nt, 'SUBTRACT', math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', sep.outputs['X'], 0.3), 1.5)), 0.5)
    dist = math_node(nt, 'ABSOLUTE', math_node(nt, 'MULTIPLY', px, 1.5))
    wob = math_node(nt, 'MULTIPLY', noise(nt, math_node_vec_scale(nt, c, (3.0, 3.0, 0.4)), 4.0, 3, 0.5), 0.05)
    width = math_node(nt, 'ADD', 0.03, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 0.5, sep.outputs['Z']), 0.12))
    rust = math_node(nt, 'LESS_THAN', math_node(nt, 'ADD', dist, wob), width)
    rust = math_node(nt, 'MULTIPLY', rust, smooth_band(nt, sep.outputs['Z'], 0.0, 0.45))
    rust = math_node(nt, 'MULTIPLY', rust, ramp(nt, noise(nt, math_node_vec_scale(nt, c, (4.0, 4.0, 0.5)), 3.0, 4, 0.6),
                                               [(0.35, (0.15, 0.15, 0.15)), (0.65, (0.75, 0.75, 0.75))]))
    col = mix_rgb(nt, rust, col, (0.22, 0.1, 0.045))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', pit, 0.6), noise(nt, c, 9.0, 5, 0.65))
    principled(nt, out, col, 0.88, 0.3, 0.0, bump(nt, h, 0.35, 0.01))
    return m


def cr10_rail_mat():
    """Railing steel painted an off-white many times over, chalky, chipped to rust along the edges and at
    random, with rust bleeding down from the chips and grime in the undersides."""
    m, nt, out = new_mat('cr10-rail')
    c = coord(nt, 'Object')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    nz = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Normal'], nz.inputs[0])
    tone = attr(nt, 'tone')
    paint = ramp(nt, noise(nt, c, 2.0, 4, 0.5), [(0.3, (0.6, 0.61, 0.58)), (0.7, (0.7, 0.7, 0.66))])
    paint = mix_rgb(nt, 1.0, paint, ramp(nt, tone, [(0.0, (0.92, 0.92, 0.92)), (1.0, (1.03, 1.03, 1.02))]), 'MULTIPLY')
    chip_n = noise(nt, c, 14.0, 8, 0.7)
    chips = smooth_band(nt, chip_n, 0.64, 0.67)
    under = smooth_band(nt, math_node(nt, 'SUBTRACT', 0.0, nz.outputs['Z']), 0.2, 0.9)
    bleed = noise(nt, math_node_vec_scale(nt, c, (14.0, 14.0, 0.8)), 2.5, 5, 0.6)
    bleed = smooth_band(nt, bleed, 0.55, 0.75)
    rust_c = ramp(nt, noise(nt, c, 30.0, 4, 0.6), [(0.3, (0.12, 0.045, 0.02)), (0.7, (0.3, 0.12, 0.045))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', bleed, 0.45), paint, (0.34, 0.2, 0.12))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', under, 0.5), col, (0.2, 0.17, 0.14))
    col = mix_rgb(nt, chips, col, rust_c)
    rough = mix_rgb(nt, chips, (0.55, 0.55, 0.55), (0.85, 0.85, 0.85))
    principled(nt, out, col, rough, 0.4, 0.0, bump(nt, chips, 0.4, 0.002))
    return m


def cr10_road_mat():
    """Sun-baked coast-road asphalt (session 10): bleached warm grey with the aggregate showing at the car
    (a 1-2 cm stone texture, the scale a photo resolves at 14 m), a slow tone drift, cut-in repair patches of
    darker newer asphalt (rectangles with ragged edges, away from the car's standing area), tar-sealed
    cracks along the road, polished wheel tracks in the lane, oil drips in the lay-by, and wind-blown sand
    and grit piled in the gutter, where the edge of the asphalt is broken."""
    m, nt, out = new_mat('cr10-road')
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    x, y = sep.outputs['X'], sep.outputs['Y']
    base = (0.13, 0.125, 0.118)
    tone = noise(nt, c, 0.1, 4, 0.55)
    col = ramp(nt, tone, [(0.3, tuple(v * 0.88 for v in base)), (0.7, tuple(v * 1.1 for v in base))])
    mid = noise(nt, c, 1.3, 5, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, mid, [(0.3, (0.86, 0.86, 0.86)), (0.7, (1.1, 1.1, 1.09))]), 'MULTIPLY')
    # Wheel-worn streaks along the road (long in x, short in y: they survive the grazing view).
    streak = noise(nt, math_node_vec_scale(nt, c, (0.06, 1.0, 1.0)), 1.6, 4, 0.55)
    col = mix_rgb(nt, 1.0, col, ramp(nt, streak, [(0.35, (0.9, 0.9, 0.9)), (0.65, (1.08, 1.08, 1.07))]), 'MULTIPLY')
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 55.0
    agg.inputs['Randomness'].default_value = 1.0
    link(nt, c, agg.inputs['Vector'])
    stone = ramp(nt, agg.outputs['Color'], [(0.0, (0.72, 0.72, 0.72)), (0.5, (1.0, 1.0, 1.0)), (1.0, (1.35, 1.32, 1.28))])
    edge = smooth_band(nt, agg.outputs['Distance'], 0.05, 0.3)
    stone = mix_rgb(nt, math_node(nt, 'SUBTRACT', 1.0, edge), stone, (0.6, 0.6, 0.6))
    wear_out = ramp(nt, noise(nt, c, 0.6, 4, 0.55), [(0.35, (0.35, 0.35, 0.35)), (0.7, (0.9, 0.9, 0.9))])
    col = mix_rgb(nt, wear_out, col, mix_rgb(nt, 1.0, col, stone, 'MULTIPLY'))
    # Repair patches: (x0, x1, y0, y1) rectangles, ragged by a noise on their edges. None in the near
    # foreground: at 8 m a 5-m dark patch read as a pasted rectangle, the very tell of a composite.
    rag = math_node(nt, 'MULTIPLY', noise(nt, c, 2.0, 5, 0.65), 0.3)
    patch = None
    for (x0, x1, y0, y1) in ((-9.5, -3.2, 3.3, 5.1), (-2.6, 1.4, 3.35, 5.0), (2.6, 4.4, 6.3, 7.6),
                             (-7.5, -5.9, -1.2, 0.3)):
        xx = math_node(nt, 'ADD', x, rag)
        yy = math_node(nt, 'ADD', y, rag)
        p = math_node(nt, 'MULTIPLY', smooth_band(nt, xx, x0, x0 + 0.03, x1 - 0.03, x1),
                      smooth_band(nt, yy, y0, y0 + 0.03, y1 - 0.03, y1))
        patch = p if patch is None else math_node(nt, 'MAXIMUM', patch, p)
    ptone = ramp(nt, noise(nt, c, 0.8, 3, 0.5), [(0.3, (0.088, 0.085, 0.082)), (0.7, (0.105, 0.1, 0.096))])
    col = mix_rgb(nt, patch, col, ptone)
    # Sealed cracks along the road (across the frame) and a few short branches.
    cn = noise(nt, math_node_vec_scale(nt, c, (0.15, 1.0, 1.0)), 0.7, 4, 0.6, distortion=1.2)
    crack = math_node(nt, 'LESS_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', cn, 0.5)), 0.008)
    crack = math_node(nt, 'MULTIPLY', crack, ramp(nt, noise(nt, c, 0.35, 2, 0.5), [(0.5, (0, 0, 0)), (0.6, (1, 1, 1))]))
    crack = math_node(nt, 'MULTIPLY', crack, smooth_band(nt, y, 1.2, 1.8))
    col = mix_rgb(nt, crack, col, (0.025, 0.024, 0.024))
    # Wheel tracks in the lane (y 3..8.5): polished, slightly darker.
    tr = math_node(nt, 'MAXIMUM', smooth_band(nt, y, 3.7, 4.0, 4.5, 4.8), smooth_band(nt, y, 5.9, 6.2, 6.7, 7.0))
    tr = math_node(nt, 'MULTIPLY', tr, ramp(nt, noise(nt, c, 0.5, 3, 0.5), [(0.3, (0.4, 0.4, 0.4)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', tr, 0.35), col, tuple(v * 0.7 for v in base))
    # Oil drips in the lay-by.
    oil = math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, c, 1.4, 4, 0.65), 0.66, 0.74),
                    smooth_band(nt, y, -6.0, -5.0, 2.0, 2.6))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', oil, 0.55), col, (0.035, 0.033, 0.032))
    # Sand and grit in the gutter (against the kerb at y 8.85), the asphalt edge crumbling there.
    yn = math_node(nt, 'ADD', y, math_node(nt, 'MULTIPLY', noise(nt, c, 1.2, 5, 0.65), 0.5))
    sand = smooth_band(nt, yn, 8.2, 8.75)
    speck = smooth_band(nt, noise(nt, c, 25.0, 3, 0.6), 0.45, 0.6)
    sand = math_node(nt, 'MAXIMUM', sand, math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', speck, smooth_band(nt, yn, 7.4, 8.3)), 0.8))
    sand_c = ramp(nt, noise(nt, c, 6.0, 4, 0.6), [(0.3, (0.3, 0.27, 0.22)), (0.7, (0.42, 0.38, 0.31))])
    col = mix_rgb(nt, sand, col, sand_c)
    rough = math_node(nt, 'SUBTRACT', 0.88, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tr, 0.22),
                                                      math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', oil, 0.3),
                                                                math_node(nt, 'MULTIPLY', patch, 0.08))))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', edge, 0.5), math_node(nt, 'MULTIPLY', crack, -0.6))
    nrm = bump(nt, h, 0.6, 0.004)
    p = principled(nt, out, col, rough, 0.35, 0.0, nrm)
    # Asphalt's aggregate shadows and masks most of the grazing sheen a smooth microfacet surface would have
    # (alone, the principled lobe mirrored the sky evenly over the whole road): two thirds plain diffuse.
    dif = nt.nodes.new('ShaderNodeBsdfDiffuse')
    link(nt, col, dif.inputs['Color'])
    dif.inputs['Roughness'].default_value = 1.0
    link(nt, nrm, dif.inputs['Normal'])
    mx = nt.nodes.new('ShaderNodeMixShader')
    mx.inputs[0].default_value = 0.35
    link(nt, dif.outputs[0], mx.inputs[1])
    link(nt, p.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])
    meta['floor'] = {'gloss': 0.05, 'roughness': 0.75, 'kind': 'asphalt'}
    return m


def cr10_paint_mat():
    """Road paint, years old: mostly there, worn through in patches and specks, a little yellowed and dirty."""
    return worn_road_paint('cr10-paint', (1.8, 0.25, 0.45, 0.65), (40, 0.22, 0.4), 3.0, (0.5, 0.48, 0.42),
                           (0.68, 0.66, 0.6), 0.65, 0.35)


def cr10_headland(x, y):
    """The far shore across the gulf: a headland coming in from the left at 7-14 km, hills of 150-300 m
    falling to a low point on the water, and a low island far off to the right; elsewhere below the sea."""
    import numpy as np
    shore = -700.0 + 0.12 * (y - 8000.0) + 250.0 * fbm(x * 0.0, y, 2500.0, 3, seed=71)
    d = shore - x
    land = 260.0 * (1 - np.exp(-np.clip(d, 0, None) / 1100.0)) * (0.7 + 0.6 * fbm(x, y, 2200.0, 4, seed=72))
    land = land + 30.0 * fbm(x, y, 300.0, 5, seed=73) * np.clip(d / 300.0, 0, 1)
    land = land * np.clip((y - 6500.0) / 800.0, 0, 1)
    isl_d = 1.0 - ((x - 1500.0) / 650.0) ** 2 - ((y - 11500.0) / 500.0) ** 2
    isl = 75.0 * np.clip(isl_d, 0, None) ** 0.6 * (0.8 + 0.4 * fbm(x, y, 400.0, 4, seed=74))
    h = np.maximum(np.where(d > 0, land + 0.02 * d, 0.2 * d), np.where(isl_d > 0, isl, -50.0))
    return h - 4.0


def cr10_weeds(spots, mat, rng, name='cr10-weeds'):
    """Tufts of dry grass and weeds where a road's dirt collects (gutter, the foot of a wall): clumps at
    `spots` (x, y, z, spread), each 15-60 blades leaning every way, 5-25 cm."""
    import numpy as np
    soup = Soup()
    for (cx, cy, cz, spread) in spots:
        n = int(rng.integers(15, 60))
        x = cx + rng.normal(0, spread, n)
        y = cy + rng.normal(0, spread * 0.3, n)
        h = rng.uniform(0.05, 0.25, n) * rng.uniform(0.6, 1.0)
        a = rng.uniform(0, 2 * np.pi, n)
        lean = rng.uniform(0.1, 0.6, n)
        bw = rng.uniform(0.003, 0.007, n)
        px, py = -np.sin(a), np.cos(a)
        tx, ty = x + np.cos(a) * h * lean, y + np.sin(a) * h * lean
        z = np.full(n, cz)
        tris = np.stack([np.stack([x - px * bw, y - py * bw, z - 0.01], 1), np.stack([x + px * bw, y + py * bw, z - 0.01], 1),
                         np.stack([tx, ty, z + h], 1)], axis=1)
        soup.add(tris, 0, tone=rng.random(n))
    me = soup.mesh(name, [mat])
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def s13B_cumulus_sky(sun_el, sun_az, thr=0.58, seed=5.0, base_h=1200.0, top_h=2300.0, layers=20, size_km=1.8,
                     haze=(0.7, 0.79, 0.92), haze_km=55.0, sky_gain=0.11, cloud_gain=1.4, dust=0.25, cloud_km=22.0):
    """A daylight sky with fair-weather cumulus that have volume (session 13): the Nishita sky (its blue
    paling to a white haze at the horizon), then the cloud layer marched through in `layers` slabs between
    `base_h` and `top_h` metres: each slab's density is a footprint noise (clouds `size_km` across) plus
    cauliflower detail, thinning with height, so clouds have flat bases and towers where the footprint
    peaks; the slabs' heights are jittered by a sub-pixel white noise, which the pixel's samples average
    into a continuous volume (no stacked slices). Each slab is lit by how much cloud lies between it and
    the sun (the footprint sampled again towards the sun) and by its height in the cloud (sunlit tops,
    blue-grey bases), and fades into the horizon haze with distance (`haze_km`). Only camera rays see the
    clouds: light and reflections take the plain sky, so the march costs only the sky's own pixels."""
    w, nt, bg, sky = nishita_world('s13B-sky', sun_el, sun_az, dust=dust)
    g = nt.nodes.new('ShaderNodeTexCoord')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, g.outputs['Generated'], sep.inputs[0])
    Z = sep.outputs['Z']
    base = mix_rgb(nt, 1.0, sky.outputs['Color'], (sky_gain,) * 3, 'MULTIPLY')
    # A clean Aegean blue overhead (the Nishita blue, deepened a little as a polariser-free lens sees it).
    base = mix_rgb(nt, 1.0, base, ramp(nt, Z, [(0.0, (0.92, 0.97, 1.06)), (0.1, (0.68, 0.85, 1.2))]), 'MULTIPLY')
    # Haze: the horizon band pales towards a bright blue-white, most strongly in the lowest few degrees.
    hz_amt = ramp(nt, Z, [(0.0, (0.85, 0.85, 0.85)), (0.03, (0.45, 0.45, 0.45)), (0.1, (0.08, 0.08, 0.08)), (0.3, (0, 0, 0))])
    hz_col = tuple(v * sky_gain * 3.6 for v in haze)
    plain = mix_rgb(nt, hz_amt, base, hz_col)
    zc = math_node(nt, 'MAXIMUM', Z, 0.004)
    az, el = math.radians(sun_az), math.radians(sun_el)
    # Horizontal offset towards the sun for the light sample (m), and its vertical lift.
    tsx, tsy = math.sin(az) * math.cos(el), math.cos(az) * math.cos(el)
    jit = nt.nodes.new('ShaderNodeTexWhiteNoise')
    jit.noise_dimensions = '3D'
    link(nt, math_node_vec_scale(nt, g.outputs['Generated'], (9000.0, 9000.0, 9000.0)), jit.inputs['Vector'])
    dh = (top_h - base_h) / layers
    col = plain
    cloud_lit = tuple(v * cloud_gain for v in (1.0, 0.98, 0.95))
    cloud_dark = tuple(v * cloud_gain for v in (0.46, 0.5, 0.58))
    fs = 1.0 / size_km

    def field(k, dx, dy, h=None):
        comb = nt.nodes.new('ShaderNodeCombineXYZ')
        link(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', sep.outputs['X'], k), dx), comb.inputs['X'])
        link(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', sep.outputs['Y'], k), dy), comb.inputs['Y'])
        comb.inputs['Z'].default_value = seed
        f = noise(nt, comb.outputs[0], fs, 4, 0.5, distortion=0.4)
        if h is not None:
            # Cauliflower detail in 3D (about 300 m lumps, varying with height too).
            c3 = nt.nodes.new('ShaderNodeCombineXYZ')
            link(nt, comb.inputs['X'].links[0].from_socket, c3.inputs['X'])
            link(nt, comb.inputs['Y'].links[0].from_socket, c3.inputs['Y'])
            link(nt, math_node(nt, 'MULTIPLY', h, 0.001), c3.inputs['Z'])
            f = math_node(nt, 'ADD', f, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, c3.outputs[0], fs * 6.0, 7, 0.62), 0.5), 0.28))
        return f

    for i in reversed(range(layers)):
        t = (i + 0.5) / layers
        h = math_node(nt, 'ADD', base_h + (i + 0.5) * dh, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', jit.outputs['Value'], 0.5), dh))
        k = math_node(nt, 'DIVIDE', math_node(nt, 'MULTIPLY', h, 0.001), zc)  # km per unit of direction
        taper = 0.12 * t ** 1.5
        d = math_node(nt, 'SUBTRACT', field(k, 0.0, 0.0, h), thr + taper)
        a = smooth_band(nt, d, 0.0, 0.01)
        # Light: the footprint 400 m towards the sun (and 250 m up the taper).
        d_sun = math_node(nt, 'SUBTRACT', field(k, 0.4 * tsx, 0.4 * tsy), thr + taper + 0.03)
        shade = smooth_band(nt, d_sun, -0.02, 0.1)
        lit = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'MULTIPLY', shade, 0.8)), 0.45 + 0.55 * t)
        c = mix_rgb(nt, lit, cloud_dark, cloud_lit)
        c = mix_rgb(nt, 1.0, c, (sky_gain * 8.0,) * 3, 'MULTIPLY')
        dist = math_node(nt, 'MULTIPLY', k, 1.0)  # slant distance in km (|dir| = 1)
        fog = math_node(nt, 'SUBTRACT', 1.0, math_node(nt, 'EXPONENT', math_node(nt, 'DIVIDE', dist, -haze_km)))
        c = mix_rgb(nt, fog, c, hz_col)
        # Far clouds thin out into the haze (beyond 20-40 km a photo shows a pale band, not more clouds).
        a = math_node(nt, 'MULTIPLY', a, math_node(nt, 'EXPONENT', math_node(nt, 'DIVIDE', dist, -cloud_km)))
        col = mix_rgb(nt, a, col, c)
    bg2 = nt.nodes.new('ShaderNodeBackground')
    link(nt, col, bg2.inputs['Color'])
    link(nt, plain, bg.inputs['Color'])
    lp = nt.nodes.new('ShaderNodeLightPath')
    mix = nt.nodes.new('ShaderNodeMixShader')
    link(nt, lp.outputs['Is Camera Ray'], mix.inputs[0])
    link(nt, bg.outputs[0], mix.inputs[1])
    link(nt, bg2.outputs[0], mix.inputs[2])
    wo = next(n for n in nt.nodes if n.type == 'OUTPUT_WORLD')
    link(nt, mix.outputs[0], wo.inputs['Surface'])
    return w


def s13B_road_wear(m):
    """More of what a photo shows on an old coast road at 7-25 m (session 13; cr10_road_mat alone read as
    an even grey field): a pale film of wind-blown sand and dust in drifts and streaks, darker bitumen-rich
    patches where the binder has bled up in the heat, a stronger pale-stone speckle of exposed chippings in
    the worn areas, and faint, broad tyre-polished smears. Works on the material in place: multiplies and
    mixes into whatever feeds its diffuse and principled colours."""
    nt = m.node_tree
    dif = next(n for n in nt.nodes if n.type == 'BSDF_DIFFUSE')
    p = next(n for n in nt.nodes if n.type == 'BSDF_PRINCIPLED')
    src = dif.inputs['Color'].links[0].from_socket
    c = coord(nt, 'Object')
    # Broad tone: some stretches older and greyer, some darker (metres), more contrast than before.
    broad = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (0.7, 1.0, 1.0)), 0.18, 4, 0.6),
                 [(0.3, (0.8, 0.8, 0.8)), (0.5, (1.0, 1.0, 1.0)), (0.72, (1.2, 1.19, 1.16))])
    col = mix_rgb(nt, 1.0, src, broad, 'MULTIPLY')
    # Binder bled up in patches: darker, a little smoother.
    bleed = math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, c, 0.7, 6, 0.62), 0.62, 0.68), 0.5)
    col = mix_rgb(nt, bleed, col, (0.05, 0.048, 0.046))
    # Exposed pale chippings where the surface is worn (1-2 cm specks, clustered).
    chips = nt.nodes.new('ShaderNodeTexVoronoi')
    chips.inputs['Scale'].default_value = 70.0
    link(nt, c, chips.inputs['Vector'])
    worn = smooth_band(nt, noise(nt, c, 0.5, 4, 0.6), 0.45, 0.65)
    speck = math_node(nt, 'MULTIPLY', smooth_band(nt, chips.outputs['Color'], 0.72, 0.8), worn)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', speck, 0.7), col, (0.36, 0.34, 0.31))
    # Sand and dust in drifts with ragged edges (isotropic: stretched along the road they read as the
    # streaky smears of a render; perspective foreshortens them enough).
    dn = noise(nt, c, 0.45, 6, 0.65)
    drift = smooth_band(nt, math_node(nt, 'ADD', dn, math_node(nt, 'MULTIPLY', noise(nt, c, 8.0, 4, 0.6), 0.16)), 0.6, 0.66)
    drift = math_node(nt, 'MULTIPLY', drift, 0.45)
    col = mix_rgb(nt, drift, col, (0.3, 0.27, 0.22))
    link(nt, col, dif.inputs['Color'])
    link(nt, col, p.inputs['Base Color'])
    return m


def cr10_coast_road():
    """A corniche on the Aegean (session 10): the car in the lay-by of a coast road of bleached asphalt
    (patches, cracks, polished wheel tracks, sand in the gutter), worn lines across the frame, a stone
    kerb, then a sea wall of uneven limestone blocks under a chipped, rust-streaked off-white railing on
    round tubes; beyond, the open gulf: waves at real scale, a headland and an island across the water.
    Session 13: late-morning light (sun from the right and a little behind the camera, 44 degrees, as the
    cars' own photos are lit), fair-weather cumulus with volume in a blue sky paling to haze at the
    horizon (s13B_cumulus_sky), the far shore in believable airlight, sand, binder bleed and chippings on
    the road (s13B_road_wear), litter in the gutter."""
    import numpy as np
    rng = np.random.default_rng(1010)
    sun_el, sun_az = 44.0, 122.0
    s13B_cumulus_sky(sun_el, sun_az)
    sun_light(sun_el, sun_az, 4.2, color=(1.0, 0.96, 0.9), angle_deg=0.55)
    plane(400, 40, (0, 0.0, 0.0), s13B_road_wear(cr10_road_mat()))  # at the origin: the material's masks are in world metres
    paint = cr10_paint_mat()
    # Lines across the frame: the lay-by's edge line, the dashed centre line, the edge line by the kerb;
    # each a little off true.
    for y0, ln, gap in ((2.85, 400.0, 0.0), (5.75, 3.0, 6.0), (8.35, 400.0, 0.0)):
        if gap:
            for i in range(-20, 21):
                plane(ln, 0.12, (i * (ln + gap) + 1.7 + rng.normal(0, 0.05), y0 + rng.normal(0, 0.015), 0.004), paint,
                      rot=(0, 0, rng.normal(0, 0.002)))
        else:
            plane(ln, 0.14, (0, y0, 0.004), paint, rot=(0, 0, 0.0008))
    stone = cr10_stone_mat()
    soup = Soup()
    # Kerb stones (y 8.85-9.05) and the narrow pavement behind them (to the wall at 9.35).
    x = -60.0
    while x < 60:
        ln = rng.uniform(0.85, 1.05)
        cr10_box(soup, (ln - 0.012, 0.2, 0.16 + rng.normal(0, 0.006)), (x + ln / 2, 8.95 + rng.normal(0, 0.008), 0.06),
                 rot_z=rng.normal(0, 0.006), rot_x=rng.normal(0, 0.01), blk=rng.random())
        x += ln
    x = -60.0
    while x < 60:
        ln = rng.uniform(0.4, 0.6)
        cr10_box(soup, (ln - 0.008, 0.3, 0.1), (x + ln / 2, 9.2, 0.09 + rng.normal(0, 0.006)), rot_z=rng.normal(0, 0.01),
                 blk=rng.uniform(0.4, 1.0))
        x += ln
    # The sea wall: two courses of dressed blocks of uneven length and height, the coping above them.
    for zc, hc in ((0.0, 0.34), (0.34, 0.24)):
        x = -60.0 + rng.uniform(0, 0.5)
        while x < 60:
            ln = rng.uniform(0.55, 1.2)
            hh = hc + rng.normal(0, 0.012)
            cr10_box(soup, (ln - 0.02, 0.42 + rng.normal(0, 0.01), hh - 0.015),
                     (x + ln / 2, 9.6 + rng.normal(0, 0.012), zc + hh / 2), rot_z=rng.normal(0, 0.008),
                     rot_x=rng.normal(0, 0.01), blk=rng.random())
            x += ln
    x = -60.0
    while x < 60:
        ln = rng.uniform(0.9, 1.5)
        cr10_box(soup, (ln - 0.015, 0.5, 0.08 + rng.normal(0, 0.006)), (x + ln / 2, 9.6 + rng.normal(0, 0.01), 0.62),
                 rot_z=rng.normal(0, 0.006), rot_x=rng.normal(0, 0.012), blk=rng.random())
        x += ln
    me = soup.mesh('cr10-wall', [stone])
    o = bpy.data.objects.new('cr10-wall', me)
    sc.collection.objects.link(o)
    # Mortar behind the joints.
    box((120, 0.36, 0.6), (0, 9.6, 0.3), simple_mat('cr10-mortar', (0.3, 0.29, 0.27), 0.9, grain=0.2, grain_scale=6), bevel=0)
    # Weeds in the gutter against the kerb and at the foot of the wall, in clumps, not a lawn.
    weed = leaf2_mat('cr10-weed', (0.06, 0.065, 0.025), (0.24, 0.22, 0.1), translucent=0.25)
    spots = [(rng.uniform(-6, 6), 8.83, 0.0, rng.uniform(0.04, 0.15)) for _ in range(9)]
    spots += [(rng.uniform(-7, 7), 9.36, 0.14, rng.uniform(0.05, 0.2)) for _ in range(12)]
    cr10_weeds(spots, weed, rng)
    # Session 13: a road is never swept clean: paper and dry leaves in the gutter and on the pavement.
    s10a_litter(((8.7, 0.1, 45), (9.2, 0.08, 20)), (-8.0, 8.0), rng_seed=31)
    # The railing: round posts every 1.5 m (each leaning a little), a top rail and a middle rail, base plates.
    rail = cr10_rail_mat()
    rs = Soup()
    xs = np.arange(-45.0, 45.01, 1.5) + 0.3
    tops = []
    for px in xs:
        lx, ly = rng.normal(0, 0.012), rng.normal(0, 0.012)
        h = 0.52 + rng.normal(0, 0.006)
        pts = np.array([[px, 9.62, 0.66], [px + lx, 9.62 + ly, 0.66 + h]])
        tube(rs, np.linspace(pts[0], pts[1], 4), np.full(4, 0.022), 0, sides=10, rng=rng)
        cr10_box(rs, (0.14, 0.14, 0.012), (px, 9.62, 0.666), tone=rng.random())
        tops.append((px + lx, 9.62 + ly))
    for zr, r in ((1.15, 0.026), (0.9, 0.02)):
        for (xa, ya), (xb, yb) in zip(tops[:-1], tops[1:]):
            za, zb = zr + rng.normal(0, 0.004), zr + rng.normal(0, 0.004)
            t = np.linspace(0, 1, 6)
            pts = np.stack([xa + (xb - xa) * t, ya + (yb - ya) * t, za + (zb - za) * t - 0.006 * np.sin(np.pi * t)], 1)
            tube(rs, pts, np.full(6, r), 0, sides=10, rng=rng)
    me = rs.mesh('cr10-railing', [rail], smooth=True)
    o = bpy.data.objects.new('cr10-railing', me)
    sc.collection.objects.link(o)
    # The sea, 2.5 m below the road, and the far shore.
    # Haze is in the materials (airlight with distance), not the compositor's depth-tested mist, whose hard
    # object/sky test left a dotted dark outline along the far ridge.
    sea_m = cr10_sea_mat()
    sea = plane(12000, 16000, (0, 9.9 + 8000, -2.5), sea_m)
    shore = maquis_mat()
    for m_, dist in ((sea_m, 9000.0), (shore, 9500.0)):
        nt_ = m_.node_tree
        out_ = next(n for n in nt_.nodes if n.type == 'OUTPUT_MATERIAL')
        nd_haze(nt_, out_, out_.inputs['Surface'].links[0].from_socket, (0.3, 0.34, 0.4), dist)
    terrain(6000.0, 15000.0, cr10_headland, shore, rows=120, cols=320, name='cr10-far-shore', y_power=1.0)
    key(sun_az, sun_el, 0.15, (1.0, 0.96, 0.9))
    camera(fstop=2.8, outdoor=True)
    # f/4: still a soft sea and sky, but the glitter's out-of-focus discs no longer need hundreds of samples.
    sc.camera.data.dof.aperture_fstop = 4.0
    meta['camera']['fStop'] = 4.0
    sc.camera.data.clip_end = 20000
    # Aerial haze on the sea and the far shore only (the sky is authored with its own haze).
    render_settings(exposure=-0.7, look="Medium High Contrast", glare=0.3, adaptive=0.01)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def brick_mat(name, color, mortar=(0.5, 0.48, 0.45), unit=(0.235, 0.075), joint=0.01, ground=False, rough=0.88,
              shade=0.78):
    """Brick in stretcher bond (22.5 x 7.5 cm courses, 1 cm joints) on a facade in the XZ plane: brick to
    brick tone, a slow tone drift, recessed joints in the bump (session 6, street only). Session 8: other
    units and joints (brick-format facade tiles), and `ground`: laid on the XY plane (concrete pavers)."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    v = c
    if ground:
        sep = nt.nodes.new('ShaderNodeSeparateXYZ')
        link(nt, c, sep.inputs[0])
        swap = nt.nodes.new('ShaderNodeCombineXYZ')
        link(nt, sep.outputs['X'], swap.inputs[0])
        link(nt, sep.outputs['Y'], swap.inputs[2])
        v = swap.outputs[0]
    b = facade_bond(nt, v, unit, joint, 0.2, color, shade, mortar, 0.5)
    b.squash = 1.0
    tone = ramp(nt, noise(nt, c, 0.3, 4, 0.5), [(0.3, (0.88, 0.88, 0.88)), (0.7, (1.08, 1.06, 1.04))])
    col = mix_rgb(nt, 1.0, b.outputs['Color'], tone, 'MULTIPLY')
    grain = noise(nt, c, 90, 4, 0.6)
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', b.outputs['Fac'], -1.0), math_node(nt, 'MULTIPLY', grain, 0.3))
    principled(nt, out, col, rough, 0.3, 0.0, bump(nt, h, 0.35, 0.006))
    return m


def goods_mat(name, palette, cell=0.18):
    """Things in a shop (boxes, folded clothes, bottles, books): each 18-cm cell of object space its own
    colour from the shop's palette, a little sheen."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    snap = nt.nodes.new('ShaderNodeVectorMath')
    snap.operation = 'SNAP'
    link(nt, c, snap.inputs[0])
    snap.inputs[1].default_value = (cell, cell * 0.7, cell * 1.3)
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, snap.outputs[0], wn.inputs['Vector'])
    stops = [(i / (len(palette) - 1), p) for i, p in enumerate(palette)]
    col = ramp(nt, wn.outputs['Value'], stops)
    principled(nt, out, col, 0.45, 0.5)
    return m


def shop_glass_mat(name):
    """Plate glass that one sees through: transparent (camera and shadow rays pass into the shop) under a
    sharp Fresnel reflection of the street (at least 6 % head-on)."""
    m, nt, out = new_mat(name)
    tr = nt.nodes.new('ShaderNodeBsdfTransparent')
    tr.inputs['Color'].default_value = (0.72, 0.76, 0.75, 1)
    glass_over(nt, out, tr.outputs[0], 0.08)
    return no_light_sampling(m)


STROKES = [
    [(0, 0, 0, 1), (1, 0, 1, 1), (0, .5, 1, .5)],            # H
    [(0, 0, 0, 1), (0, 1, 1, 1), (0, .5, .8, .5), (0, 0, 1, 0)],  # E
    [(0, 0, 0, 1), (0, 0, 1, 0)],                            # L
    [(0, 0, 0, 1), (0, 1, 1, 1), (1, 0, 1, 1), (0, 0, 1, 0)],  # O
    [(.5, 0, .5, 1), (0, 1, 1, 1)],                          # T
    [(0, 0, 0, 1), (1, 0, 1, 1), (0, 1, .5, .55), (.5, .55, 1, 1)],  # M
    [(0, 0, 0, 1), (0, 1, 1, 1), (1, .5, 1, 1), (0, .5, 1, .5)],  # P
    [(0, 1, 1, 1), (0, .5, 0, 1), (0, .5, 1, .5), (1, 0, 1, .5), (0, 0, 1, 0)],  # S
    [(0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 1, 1), (0, 1, 0, 0)],  # C-ish box
    [(0, 0, 0, 1), (1, 0, 1, 1), (0, 1, 1, 0)],              # N
    [(0, 0, .5, 1), (.5, 1, 1, 0), (.2, .4, .8, .4)],        # A
    [(0, 0, 0, 1)],                                          # I
]


DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'


def sign_font():
    """DejaVu Sans Bold (Debian's blender depends on fonts-dejavu): Blender's built-in font has no Turkish
    dotted capital I, so "VIP TERMİNALİ" rendered as "VIP TERMNAL" (session 8). None: the built-in font."""
    if 'sign-font' in bpy.data.fonts:
        return bpy.data.fonts['sign-font']
    if not os.path.exists(DEJAVU_BOLD):
        return None
    f = bpy.data.fonts.load(DEJAVU_BOLD)
    f.name = 'sign-font'
    return f


def shop_name(text, x, y, z, height, mat, depth=0.025, align='CENTER', spacing=1.0):
    """A shop's name in real letters (session 7): Blender's built-in font as a text object, extruded a few
    centimetres and turned into a mesh on the fascia (plane XZ, facing -Y). The stroke letters of
    `sign_text` read as pixel art at viewing size."""
    cu = bpy.data.curves.new('sign-' + text, 'FONT')
    cu.body = text
    font = sign_font()
    if font:
        cu.font = font
    cu.size = height / 0.72  # cap height of the built-in font is about 0.72 of its size
    cu.extrude = depth / 2
    cu.align_x = align
    cu.align_y = 'BOTTOM'
    cu.space_character = spacing
    cu.resolution_u = 6
    o = bpy.data.objects.new('sign-' + text, cu)
    sc.collection.objects.link(o)
    o.location = (x, y, z)
    o.rotation_euler = (math.pi / 2, 0, 0)
    cu.materials.append(mat)
    return o


def shop_interior(x0, x1, y, gh, night, kind, light_col):
    """The shop behind the glass, built in 3D: floor, walls and ceiling 4-5 m deep, a lit ceiling with
    visible light fittings, and what the shop holds (shelving with goods along the back and sides, a
    clothes rail, or cafe tables), lit by an area lamp in the ceiling (its light spills onto the pavement)."""
    depth = random.uniform(4.0, 5.5)
    w = x1 - x0
    cx = (x0 + x1) / 2
    # Session 7: darker walls and a dimmer lamp; by day a shop is darker than the sunlit street outside
    # (white, evenly lit interiors read as a render).
    wall = simple_mat('int-wall', random.choice([(0.42, 0.4, 0.37), (0.3, 0.28, 0.25), (0.5, 0.48, 0.45),
                                                 (0.2, 0.19, 0.18)]), 0.8, grain=0.08, grain_scale=3)
    flo = simple_mat('int-floor', random.choice([(0.3, 0.22, 0.15), (0.55, 0.53, 0.5), (0.18, 0.18, 0.19)]), 0.35,
                     grain=0.1, grain_scale=6)
    top = gh - 0.6
    box((w, depth, 0.05), (cx, y + depth / 2, 0.125), flo, bevel=0)
    box((w, 0.1, top), (cx, y + depth + 0.05, top / 2), wall, bevel=0)
    box((0.1, depth, top), (x0 - 0.05, y + depth / 2, top / 2), wall, bevel=0)
    box((0.1, depth, top), (x1 + 0.05, y + depth / 2, top / 2), wall, bevel=0)
    box((w, depth, 0.1), (cx, y + depth / 2, top + 0.05), wall, bevel=0)
    fit = no_light_sampling(emission_mat('fitting', light_col, 4.0 if night else 2.5))
    for fy in (y + 1.2, y + depth - 1.3):
        for fx in range(max(1, int(w / 1.8))):
            px = x0 + (fx + 0.5) * w / max(1, int(w / 1.8))
            plane(0.6, 0.6 if kind != 'cafe' else 0.25, (px, fy, top - 0.005), fit, rot=(math.pi, 0, 0))
    lamp = area_light((cx, y + depth / 2, top - 0.05), w * 0.8, (30 if night else 14) * w * depth * 0.1,
                      light_col, size_y=depth * 0.7, target=(cx, y + depth / 2, 0))
    lamp.visible_glossy = False
    palette = random.choice([
        [(0.75, 0.72, 0.66), (0.12, 0.12, 0.14), (0.5, 0.12, 0.1), (0.15, 0.25, 0.4), (0.85, 0.82, 0.75), (0.4, 0.35, 0.25)],
        [(0.2, 0.3, 0.15), (0.7, 0.55, 0.2), (0.8, 0.78, 0.7), (0.45, 0.1, 0.12), (0.1, 0.1, 0.1)],
        [(0.9, 0.88, 0.85), (0.6, 0.5, 0.45), (0.25, 0.3, 0.35), (0.05, 0.05, 0.06), (0.7, 0.6, 0.5)],
    ])
    goods = Batch(goods_mat('goods', palette), 'goods')
    shelf = Batch(simple_mat('shelving', random.choice([(0.06, 0.06, 0.06), (0.5, 0.38, 0.25), (0.8, 0.8, 0.78)]),
                             0.5, grain=0.05), 'shelving')
    if kind in ('shelves', 'rail'):
        # Shelving along the back wall: uprights, shelves, goods of varied widths and heights.
        by = y + depth - 0.25
        n = max(2, int(w / 1.1))
        for i in range(n + 1):
            shelf.box((0.04, 0.4, 2.3), (x0 + 0.1 + i * (w - 0.2) / n, by, 1.3))
        for z in (0.45, 0.85, 1.25, 1.65, 2.05):
            shelf.box((w - 0.2, 0.4, 0.03), (cx, by, z))
            xx = x0 + 0.15
            while xx < x1 - 0.3:
                gw = random.uniform(0.08, 0.3)
                if random.random() < 0.85:
                    gh_ = random.uniform(0.12, 0.34)
                    goods.box((gw, 0.3, gh_), (xx + gw / 2, by, z + 0.015 + gh_ / 2))
                xx += gw + random.uniform(0.0, 0.04)
    if kind == 'rail':
        for rx in (cx - w * 0.22, cx + w * 0.22):
            ry = y + depth * 0.45
            shelf.box((1.4, 0.03, 0.03), (rx, ry, 1.55))
            shelf.box((0.03, 0.03, 1.4), (rx - 0.7, ry, 0.85))
            shelf.box((0.03, 0.03, 1.4), (rx + 0.7, ry, 0.85))
            xx = rx - 0.65
            while xx < rx + 0.62:
                t = random.uniform(0.03, 0.07)
                goods.box((t, 0.45, random.uniform(0.6, 0.95)), (xx, ry, 1.52 - 0.4), rot_z=random.gauss(0, 0.08))
                xx += t + 0.02
    if kind == 'shelves':
        # A display table in the middle with stacked goods.
        ty = y + depth * 0.4
        shelf.box((1.6, 0.8, 0.05), (cx, ty, 0.8))
        for lx in (-0.75, 0.75):
            shelf.box((0.05, 0.7, 0.65), (cx + lx, ty, 0.47))
        for i in range(8):
            goods.box((random.uniform(0.15, 0.3), random.uniform(0.15, 0.3), random.uniform(0.05, 0.25)),
                      (cx + random.uniform(-0.65, 0.65), ty + random.uniform(-0.25, 0.25), 0.95), rot_z=random.uniform(0, 3))
    if kind == 'cafe':
        # A counter at the back with a coffee machine and menu boards; small round tables and chairs.
        shelf.box((w * 0.6, 0.7, 1.05), (cx + w * 0.1, y + depth - 0.9, 0.67))
        box((0.6, 0.45, 0.45), (cx + w * 0.2, y + depth - 0.95, 1.42),
            simple_mat('machine', (0.6, 0.6, 0.62), 0.25, metallic=0.9, grain=0.03), bevel=0.03)
        board = simple_mat('chalkboard', (0.035, 0.038, 0.036), 0.75, grain=0.3, grain_scale=8)
        for i in range(2):
            box((0.9, 0.03, 0.6), (cx - w * 0.1 + i * 1.05, y + depth - 0.02, 2.15), board, bevel=0.01)
        for tx in (cx - w * 0.3, cx, cx + w * 0.3):
            ty = y + random.uniform(1.0, 1.6)
            shelf.box((0.05, 0.05, 0.72), (tx, ty, 0.51))
            cylinder(0.32, 0.03, (tx, ty, 0.88), goods.mat, verts=24)
            for s in (-1, 1):
                cx_ = tx + s * 0.45
                shelf.box((0.4, 0.4, 0.04), (cx_, ty, 0.6))
                shelf.box((0.04, 0.4, 0.45), (cx_ + s * 0.2, ty, 0.85))
    goods.done()
    shelf.done()


def street_block(x0, x1, y, h, wallm, stone, storey, bay, win_w, win_h, frame_col, night, lit, name,
                 shops, ground=4.0, sign_col=(0.05, 0.06, 0.08), awning=None, glass_fn=None):
    """One plot of the street (session 6): upper storeys as in facade() (recessed framed windows, sills,
    string courses, cornice) and a ground floor of real shopfronts: pilasters, stall risers, plate glass in
    frames with a transom, a recessed glazed door 2.3 m high, a fascia board, and the shop inside.
    `shops`: list of (kind, width share). The fascias are plain (session 14 by day, session 15 by night: the
    rendered shop names read as garbled, or as a generated scene's made-up names, to reviewers);
    `glass_fn(name)` makes the shop glass instead of `shop_glass_mat`."""
    w = x1 - x0
    cx = (x0 + x1) / 2
    recess = 0.2
    glass = window_glass_mat(name + '-glass', night, lit)
    framem = simple_mat(name + '-frame', frame_col, 0.35, metallic=0.6, grain=0.05)
    walls = Batch(wallm, name + '-walls')
    frames = Batch(framem, name + '-frames')
    panes = Batch(glass, name + '-panes')
    stones = Batch(stone, name + '-stones')
    walls.box((w, 8.0, h - ground), (cx, y + recess + 5.5 + 4.0, ground + (h - ground) / 2))  # body (behind shops)
    walls.box((w, 0.3, h - ground), (cx, y + 5.9, ground + (h - ground) / 2))
    z = ground + 0.3
    floors = []
    while z + storey <= h - 0.8:
        floors.append(z)
        z += storey
    top = z
    n_bays = max(1, int(w / bay))
    bay = w / n_bays
    walls.box((w, recess, floors[0] - ground + 0.0 if floors else 0.3), (cx, y + recess / 2, ground + (floors[0] - ground) / 2 if floors else ground))
    for fz in floors:
        walls.box((w, recess, win_h * 0 + 0.95), (cx, y + recess / 2, fz + 0.95 / 2))
        head = fz + 0.95 + win_h
        walls.box((w, recess, fz + storey - head), (cx, y + recess / 2, (head + fz + storey) / 2))
        stones.box((w - 0.01, 0.1, 0.15), (cx, y - 0.05, fz + 0.075))
        for i in range(n_bays):
            wx = x0 + (i + 0.5) * bay
            pier_l = x0 + i * bay
            half = (bay - win_w) / 2
            walls.box((half, recess, win_h), (pier_l + half / 2, y + recess / 2, fz + 0.95 + win_h / 2))
            walls.box((half, recess, win_h), (pier_l + bay - half / 2, y + recess / 2, fz + 0.95 + win_h / 2))
            stones.box((win_w + 0.14, recess + 0.08, 0.06), (wx, y + recess / 2 - 0.04, fz + 0.95 - 0.03))
            gy = y + recess
            f = 0.055
            sz = fz + 0.95
            frames.box((win_w, 0.07, f), (wx, gy, sz + f / 2))
            frames.box((win_w, 0.07, f), (wx, gy, sz + win_h - f / 2))
            frames.box((f, 0.07, win_h), (wx - win_w / 2 + f / 2, gy, sz + win_h / 2))
            frames.box((f, 0.07, win_h), (wx + win_w / 2 - f / 2, gy, sz + win_h / 2))
            frames.box((f * 0.8, 0.06, win_h), (wx, gy - 0.01, sz + win_h / 2))
            for side in (-1, 1):
                panes.box((win_w / 2 - f, 0.01, win_h - f), (wx + side * win_w / 4, gy + 0.02, sz + win_h / 2),
                          rot_z=random.gauss(0, 0.004), rot_x=random.gauss(0, 0.004))
    walls.box((w, recess, h - top), (cx, y + recess / 2, (top + h) / 2))
    stones.box((w - 0.01, 0.4, 0.25), (cx, y - 0.1, top + 0.12))
    stones.box((w - 0.01, 0.5, 0.16), (cx, y - 0.15, h - 0.08))
    # Ground floor: a moulded band over the shops, end pilasters, then each shop.
    stones.box((w - 0.01, 0.3, 0.22), (cx, y - 0.05, ground + 0.11))
    pil = 0.42
    stones.box((pil, 0.32, ground), (x0 + pil / 2, y - 0.02, ground / 2))
    stones.box((pil, 0.32, ground), (x1 - pil / 2, y - 0.02, ground / 2))
    signs = Batch(simple_mat(name + '-fascia', sign_col, 0.35, grain=0.04), name + '-fascia')
    fascia_lo, fascia_hi = 3.15, 3.85
    xa = x0 + pil
    total = sum(s for _, s in shops)
    inner = w - 2 * pil
    gx = y + 0.25  # glazing line, set back behind the pilasters
    for si, (kind, share) in enumerate(shops):
        sw = inner * share / total
        xb = xa + sw
        if si > 0:
            stones.box((0.3, 0.3, ground), (xa, y - 0.01, ground / 2))
        a, b = xa + 0.15, xb - 0.15
        mid = (a + b) / 2
        sw_ = b - a
        # Fascia board.
        signs.box((sw_, 0.12, fascia_hi - fascia_lo), (mid, y - 0.04, (fascia_lo + fascia_hi) / 2))
        walls.box((sw_, 0.3, fascia_lo - 2.95), (mid, y + 0.1, (fascia_lo + 2.95) / 2))
        if kind == 'door':
            # A solid panelled front door to the flats above with a fanlight.
            door = simple_mat(name + '-door', random.choice([(0.05, 0.09, 0.07), (0.2, 0.05, 0.04), (0.03, 0.04, 0.07)]),
                              0.3, grain=0.04)
            walls.box((sw_, 0.3, 2.95), (mid, y + 0.1, 1.5))
            box((1.1, 0.08, 2.3), (mid, y + 0.22, 1.3), door, bevel=0.01)
            panes.box((1.1, 0.02, 0.5), (mid, y + 0.26, 2.78))
            frames.box((1.24, 0.1, 0.06), (mid, y + 0.2, 2.5))
            xa = xb
            continue
        shop_interior(a, b, gx + 0.05, ground - 0.3, night, kind, random.choice([(1.0, 0.9, 0.78), (1.0, 0.82, 0.62), (0.95, 0.97, 1.0)]))
        # Stall riser, sill, head, transom; plate glass; a door 2.3 m high in one bay.
        frames.box((sw_, 0.12, 0.45), (mid, gx, 0.375))
        frames.box((sw_, 0.1, 0.06), (mid, gx, 0.63))
        frames.box((sw_, 0.1, 0.08), (mid, gx, 2.95))
        frames.box((sw_, 0.08, 0.05), (mid, gx, 2.45))
        door_w = 1.0
        door_left = random.random() < 0.5
        dx = a + 0.15 + door_w / 2 if door_left else b - 0.15 - door_w / 2
        frames.box((0.08, 0.1, 2.95), (dx - door_w / 2 - 0.04, gx, 1.6))
        frames.box((0.08, 0.1, 2.95), (dx + door_w / 2 + 0.04, gx, 1.6))
        frames.box((door_w, 0.06, 0.1), (dx, gx + 0.05, 2.35))
        frames.box((0.03, 0.04, 0.45), (dx + (0.35 if door_left else -0.35), gx - 0.06, 1.1))  # handle
        frames.box((door_w, 0.06, 0.12), (dx, gx + 0.05, 0.21))
        glass_m = (glass_fn or shop_glass_mat)(name + '-shopglass')
        plane(door_w - 0.06, 2.1, (dx, gx + 0.06, 1.3), glass_m, rot=(math.pi / 2, 0, 0))
        ga, gb = (dx + door_w / 2 + 0.08, b) if door_left else (a, dx - door_w / 2 - 0.08)
        n_m = max(1, int((gb - ga) / 1.6))
        for j in range(1, n_m):
            frames.box((0.06, 0.1, 2.3), (ga + j * (gb - ga) / n_m, gx, 1.8))
        plane(gb - ga, 1.8, ((ga + gb) / 2, gx + 0.01, 1.55), glass_m, rot=(math.pi / 2, 0, 0))
        plane(sw_, 0.45, (mid, gx + 0.01, 2.7), glass_m, rot=(math.pi / 2, 0, 0))
        if awning == si:
            cloth = simple_mat(name + '-awning', random.choice([(0.08, 0.16, 0.12), (0.45, 0.42, 0.36), (0.12, 0.12, 0.14)]),
                               0.85, grain=0.08, grain_scale=12, bump_strength=0.2)
            d_ = 1.1
            box((sw_, d_, 0.025), (mid, y - d_ / 2 * 0.94, fascia_lo - 0.1 - d_ * 0.17), cloth, bevel=0.004,
                rot=(math.radians(20), 0, 0))
            box((sw_, 0.02, 0.2), (mid, y - d_ * 0.94, fascia_lo - 0.2 - d_ * 0.34), cloth, bevel=0.003)
        xa = xb
    for bt in (walls, frames, panes, stones, signs):
        bt.done()


def sheffield_stand(x, y, metal):
    """A bicycle stand: an inverted U of 5-cm steel tube, 0.75 m wide and 0.8 m high."""
    for s in (-1, 1):
        cylinder(0.025, 0.7, (x + s * 0.33, y, 0.5), metal, verts=12)
        sphere(0.045, (x + s * 0.33, y, 0.86), metal, subdiv=2)
    cylinder(0.025, 0.62, (x, y, 0.88), metal, rot=(0, math.pi / 2, 0), verts=12)
    for s in (-1, 1):
        cylinder(0.028, 0.18, (x + s * 0.31, y, 0.88), metal, rot=(0, math.pi / 2 + s * 0.6, 0), verts=12)


def kerb_stones(kerb_y, mat, lengths, width, height, jitter):
    """A kerb of stones laid end to end along X (each as long as drawn from `lengths`, 8 mm apart), its
    street face at kerb_y, each a few millimetres off level (up to `jitter`) and a little turned."""
    kerbs = Batch(mat, 'kerbs')
    x = -40.0
    while x < 40:
        ln = random.uniform(*lengths)
        kerbs.box((ln - 0.008, width, height), (x + ln / 2, kerb_y + width / 2, height / 2 + random.uniform(-jitter, jitter)),
                  rot_z=random.gauss(0, 0.004))
        x += ln
    kerbs.done()


# ---- city street, session 12 (s12c_*): a road surface photographed at 100 %, used only by s_street


def s12c_xy(nt, c):
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    return sep.outputs['X'], sep.outputs['Y']


def s12c_band(nt, c, along, across, pos, wander, width, scale=0.3, seed=0.0, feather=0.35):
    """1 inside a meandering band that runs along `along` (a coordinate output) at `across` = pos: a
    tar-sealed crack or a seam. The line wanders by +-`wander` m over a few metres and its width
    breathes between 0.5 and 1.3 x `width`."""
    w1 = noise(nt, sb10_vec(nt, math_node(nt, 'MULTIPLY', along, scale), seed, seed * 0.7), 1.0, 4, 0.55)
    off = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', w1, 0.5), 2.0 * wander)
    d = math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', math_node(nt, 'SUBTRACT', across, pos), off))
    wv = noise(nt, sb10_vec(nt, math_node(nt, 'MULTIPLY', along, 2.5), seed + 3.0, 1.0), 1.0, 3, 0.5)
    wv = math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', wv, 0.8), 0.5), width)
    # (w - d) / (feather * width), clamped: crisp but not aliased
    return math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', wv, d), feather * width, clamp=True)


def s12c_asphalt_mat(name='s12c-asphalt', binder=(0.062, 0.061, 0.06), stone=(0.27, 0.265, 0.25), wet=False,
                     fresh=False, record=True, edge=None, wear=1.0):
    """Old city asphalt as a camera sees it from 3-10 m: a dark binder with light-grey limestone chippings
    showing wherever traffic has worn the skin off (each stone its own tone, 1-2.5 cm, plus a finer sand),
    the tone drifting over metres, kerb-side dust, two wheel paths polished darker and smoother in the
    traffic lane with an oil-drip line between them, fatigue cracking in the wheel path, tar-sealed cracks
    (glossy bands of 2-5 cm that wander and breathe) along the lane and across it away from the car, damp
    patches that dry unevenly. `fresh`: a newer repair (darker, fewer stones showing, no tracks);
    `edge` = (size_x, size_y): the patch's cut edge sealed with a ragged tar band (Generated coords).
    `wet`: the night street after rain: most of it wet and glossy, drier rough islands."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    x, y = s12c_xy(nt, c)
    # -- aggregate: coarse chippings (Voronoi cells, ~2 cm) and a finer sand
    vc = nt.nodes.new('ShaderNodeTexVoronoi')
    vc.inputs['Scale'].default_value = 48.0
    vc.inputs['Randomness'].default_value = 1.0
    link(nt, c, vc.inputs['Vector'])
    cr = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, vc.outputs['Color'], cr.inputs[0])
    # how much of the skin is worn off: drifts over metres (old patches of ravelling), less in fresh work
    worn = ramp_bw(nt, noise(nt, c, 0.35, 4, 0.6, 0.3), 0.3, 0.7, 0.2, 0.9)
    worn = math_node(nt, 'MULTIPLY', worn, wear * (0.3 if fresh else 1.0))
    exposed = math_node(nt, 'LESS_THAN', cr.outputs['R'], worn)
    shape = ramp_bw(nt, vc.outputs['Distance'], 0.22, 0.36, 1.0, 0.0)  # the stone, rounded by the cell distance
    st = math_node(nt, 'MULTIPLY', exposed, shape)
    stone_tone = ramp(nt, cr.outputs['G'], [(0.0, tuple(v * 0.55 for v in stone)), (0.6, stone),
                                            (1.0, tuple(min(1, v * 1.35) for v in stone))])
    vf = nt.nodes.new('ShaderNodeTexVoronoi')
    vf.inputs['Scale'].default_value = 150.0
    link(nt, c, vf.inputs['Vector'])
    fr = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, vf.outputs['Color'], fr.inputs[0])
    sand = ramp_bw(nt, fr.outputs['R'], 0.0, 1.0, 0.8, 1.45 if not fresh else 1.15)
    drift = ramp_bw(nt, noise(nt, c, 0.11, 4, 0.5), 0.3, 0.7, 0.75, 1.25)
    drift = math_node(nt, 'MULTIPLY', drift, ramp_bw(nt, noise(nt, c, 0.7, 5, 0.6, 0.5), 0.3, 0.7, 0.86, 1.12))
    bcol = mix_rgb(nt, 1.0, binder, sb10_vec(nt, sand, sand, sand), 'MULTIPLY')
    bcol = mix_rgb(nt, 1.0, bcol, sb10_vec(nt, drift, drift, drift), 'MULTIPLY')
    col = mix_rgb(nt, st, bcol, mix_rgb(nt, 1.0, stone_tone, sb10_vec(nt, drift, drift, drift), 'MULTIPLY'))
    rough = ramp_bw(nt, noise(nt, c, 3.0, 3, 0.5), 0.3, 0.7, 0.74, 0.86)
    height = math_node(nt, 'MULTIPLY', st, ramp_bw(nt, vc.outputs['Distance'], 0.0, 0.36, 1.0, 0.3))
    height = math_node(nt, 'ADD', height, math_node(nt, 'MULTIPLY', fr.outputs['R'], 0.25))
    dust = None
    if not fresh:
        # -- kerb-side dust and grit (lighter, brownish), from the gutter out ~0.7 m, ragged
        kd = ramp_bw(nt, math_node(nt, 'ADD', y, math_node(nt, 'MULTIPLY', noise(nt, c, 1.2, 5, 0.6), 0.6)),
                     1.55, 2.2, 0.0, 0.55)
        col = mix_rgb(nt, kd, col, (0.15, 0.135, 0.115))
        rough = math_node(nt, 'MAXIMUM', rough, math_node(nt, 'MULTIPLY', kd, 0.95))
        # -- traffic lane: two wheel paths polished darker and smoother, an oil-drip line between them
        for ty, tw in ((-1.8, 0.42), (-2.9, 0.42)):
            tb = s12c_band(nt, c, x, y, ty, 0.12, tw, scale=0.08, seed=ty, feather=1.2)
            tb = math_node(nt, 'MULTIPLY', tb, ramp_bw(nt, noise(nt, c, 0.5, 3, 0.5), 0.3, 0.6, 0.45, 1.0))
            col = mix_rgb(nt, math_node(nt, 'MULTIPLY', tb, 0.45), col, tuple(v * 0.7 for v in binder))
            rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', tb, 0.3))
        drip = s12c_band(nt, c, x, y, -2.2, 0.1, 0.3, scale=0.1, seed=5.0, feather=1.5)
        drip = math_node(nt, 'MULTIPLY', drip, ramp_bw(nt, noise(nt, c, 2.5, 4, 0.6), 0.45, 0.65, 0.0, 0.8))
        col = mix_rgb(nt, drip, col, (0.03, 0.029, 0.028))
        rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', drip, 0.25))
        # -- fatigue ("alligator") cracking in the near wheel path, left of the frame's middle
        al = nt.nodes.new('ShaderNodeTexVoronoi')
        al.feature = 'DISTANCE_TO_EDGE'
        al.inputs['Scale'].default_value = 4.0
        link(nt, math_node_vec_scale(nt, c, (1.0, 1.6, 1.0)), al.inputs['Vector'])
        wob = noise(nt, c, 9.0, 3, 0.5)
        line = ramp_bw(nt, math_node(nt, 'ADD', al.outputs['Distance'], math_node(nt, 'MULTIPLY', wob, 0.015)),
                       0.035, 0.055, 1.0, 0.0)
        zone = math_node(nt, 'MULTIPLY', s12c_band(nt, c, x, y, -1.8, 0.1, 0.45, scale=0.1, seed=9.0, feather=1.5),
                         ramp_bw(nt, noise(nt, sb10_vec(nt, math_node(nt, 'MULTIPLY', x, 0.25), 1.0, 0.0), 1.0, 2, 0.5),
                                 0.5, 0.6, 0.0, 1.0))
        ac = math_node(nt, 'MULTIPLY', line, zone)
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', ac, 0.8), col, (0.022, 0.021, 0.02))
        height = math_node(nt, 'SUBTRACT', height, math_node(nt, 'MULTIPLY', ac, 0.5))
        # -- tar-sealed cracks: one along the lane joint in front of the car's slot, one near the gutter, two
        # short ones across the road well clear of the car
        seal = s12c_band(nt, c, x, y, -1.42, 0.09, 0.05, scale=0.22, seed=1.0)
        seal = math_node(nt, 'MAXIMUM', seal, math_node(nt, 'MULTIPLY', s12c_band(nt, c, x, y, 1.75, 0.06, 0.03, scale=0.3, seed=2.0),
                                                         ramp_bw(nt, noise(nt, sb10_vec(nt, math_node(nt, 'MULTIPLY', x, 0.2), 2.0, 0.0), 1.0, 2, 0.5), 0.45, 0.5, 0.0, 1.0)))
        for (cx0, ylo, yhi, sd) in ((-1.3, -3.6, -2.92, 4.0), (1.6, -3.6, -2.92, 6.0)):
            tcr = s12c_band(nt, c, y, x, cx0, 0.15, 0.045, scale=0.5, seed=sd)
            span = math_node(nt, 'MULTIPLY', math_node(nt, 'GREATER_THAN', y, ylo), math_node(nt, 'LESS_THAN', y, yhi))
            seal = math_node(nt, 'MAXIMUM', seal, math_node(nt, 'MULTIPLY', tcr, span))
        tar_col = ramp(nt, noise(nt, c, 12.0, 3, 0.5), [(0.3, (0.018, 0.018, 0.018)), (0.7, (0.04, 0.039, 0.037))])
        col = mix_rgb(nt, seal, col, tar_col)
        rough = mix_rgb(nt, seal, sb10_vec(nt, rough, rough, rough), (0.38, 0.38, 0.38))
        rough = spill_bw(nt, rough)
        height = math_node(nt, 'ADD', height, math_node(nt, 'MULTIPLY', seal, 0.3))
        dust = kd
    else:
        seal = None
    if edge is not None:
        g = coord(nt, 'Generated')
        gx, gy = s12c_xy(nt, g)
        sx, sy = edge
        dx = math_node(nt, 'MULTIPLY', math_node(nt, 'MINIMUM', gx, math_node(nt, 'SUBTRACT', 1.0, gx)), sx)
        dy = math_node(nt, 'MULTIPLY', math_node(nt, 'MINIMUM', gy, math_node(nt, 'SUBTRACT', 1.0, gy)), sy)
        de = math_node(nt, 'MINIMUM', dx, dy)
        wv = ramp_bw(nt, noise(nt, c, 3.0, 4, 0.6), 0.3, 0.7, 0.015, 0.06)
        eb = math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', wv, de), 0.012, clamp=True)
        col = mix_rgb(nt, eb, col, (0.022, 0.022, 0.021))
        rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', eb, 0.4))
        height = math_node(nt, 'ADD', height, math_node(nt, 'MULTIPLY', eb, 0.2))
    # -- damp: day, a street-washer's damp that dries unevenly; night, the whole road wet with drier islands
    dn = noise(nt, c, 0.45, 5, 0.62, 0.2)
    if wet:
        wetm = ramp_bw(nt, dn, 0.36, 0.5, 0.25, 1.0)
        col = mix_rgb(nt, wetm, col, mix_rgb(nt, 1.0, col, (0.55, 0.55, 0.55), 'MULTIPLY'))
        rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', wetm, 0.68))
        rough = math_node(nt, 'MAXIMUM', rough, 0.06)
    else:
        dampm = ramp_bw(nt, dn, 0.6, 0.66, 0.0, 0.8)
        if dust is not None:
            dampm = math_node(nt, 'MAXIMUM', dampm, math_node(nt, 'MULTIPLY', ramp_bw(nt, y, 1.9, 2.25, 0.0, 0.9),
                                                              ramp_bw(nt, noise(nt, c, 1.5, 4, 0.6), 0.4, 0.55, 0.0, 1.0)))
        col = mix_rgb(nt, dampm, col, mix_rgb(nt, 1.0, col, (0.62, 0.62, 0.62), 'MULTIPLY'))
        rough = math_node(nt, 'SUBTRACT', rough, math_node(nt, 'MULTIPLY', dampm, 0.35))
    principled(nt, out, col, rough, 0.45, 0.0, bump(nt, height, 0.35 if not wet else 0.2, 0.004))
    if record:
        meta['floor'] = ({'gloss': 0.35, 'roughness': 0.2, 'kind': 'wet-asphalt'} if wet else
                         {'gloss': 0.05, 'roughness': 0.75, 'kind': 'asphalt'})
    return m


def s12c_road_works(kerb_y, night):
    """What a road collects over the years, away from the car's slot: a resurfaced utility trench across
    the foreground, a square of newer asphalt round the manhole, a small square valve cover and a round
    water-meter lid, a worn dashed centre line at the frame's foot (across the frame), and litter in the
    road by the kerb and in the foreground."""
    def patch(x0, x1, y0, y1, nm, rz=0.0, binder=(0.045, 0.045, 0.046), wear=1.0, z=0.0009):
        o = plane(x1 - x0, y1 - y0, ((x0 + x1) / 2, (y0 + y1) / 2, z),
                  s12c_asphalt_mat(nm, binder=binder, wet=night, fresh=True, record=False,
                                   edge=(x1 - x0, y1 - y0), wear=wear), rot=(0, 0, rz))
        return o
    # an old, bleached repair (more chippings showing) left of the car, a newer trench across the foreground
    # (the frame's foreground holds only x = -2.4..2.4 m: all of it is in front of the car)
    patch(-2.9, -0.75, -2.38, -1.5, 's12c-old-patch', rz=-0.012, binder=(0.085, 0.083, 0.079), wear=3.0, z=0.0007)
    patch(-30.0, 30.0, -2.95, -2.4, 's12c-trench', rz=0.003)
    patch(1.35, 3.05, -2.38, -1.25, 's12c-manhole-patch', rz=0.03)
    # worn centre line: paint dashes across the frame's foot, worn through to the stones
    m, nt, out = new_mat('s12c-line')
    c = coord(nt, 'Object')
    wear = ramp_bw(nt, noise(nt, c, 7.0, 5, 0.65), 0.42, 0.58, 0.0, 1.0)
    wear = math_node(nt, 'MULTIPLY', wear, ramp_bw(nt, noise(nt, c, 0.6, 3, 0.5), 0.3, 0.6, 0.55, 1.0))
    pcol = ramp(nt, noise(nt, c, 20.0, 3, 0.5), [(0.3, (0.42, 0.41, 0.37)), (0.7, (0.6, 0.59, 0.54))])
    p = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, pcol, p.inputs['Base Color'])
    p.inputs['Roughness'].default_value = 0.5 if not night else 0.15
    worn_cover(nt, out, wear, p)
    m.blend_method = 'HASHED'
    no_light_sampling(m)
    x = -26.0
    while x < 26.0:
        plane(3.0, 0.12, (x + 1.5, -3.18 + random.gauss(0, 0.01), 0.0012), m, rot=(0, 0, random.gauss(0, 0.003)))
        x += 8.0
    iron = simple_mat('s12c-cover-iron', (0.05, 0.048, 0.045), 0.5, metallic=0.6, grain=0.3, grain_scale=25,
                      bump_strength=0.3)
    box((0.32, 0.32, 0.014), (-1.35, -1.95, 0.004), iron, bevel=0.004, rot=(0, 0, 0.08))
    box((0.4, 0.4, 0.01), (-1.35, -1.95, 0.002), simple_mat('s12c-cover-frame', (0.1, 0.1, 0.1), 0.7, grain=0.3), bevel=0.003,
        rot=(0, 0, 0.08))
    cylinder(0.14, 0.014, (0.55, -3.05, 0.004), iron, verts=28)
    sb10_litter(-8.0, 8.0, -3.4, -1.3, 0.0005, 35, 31)
    sb10_litter(-7.5, 7.5, 1.5, 2.1, 0.0005, 30, 32)


def s_street(night=False):
    """A city-centre street, by day (city-centre) or by night (urban-night). Session 6: shot as a listing
    photo is, 38 mm at 7 m, camera 1.3 m high, f/4 (the 85 mm at 14.5 m showed one enlarged shopfront once
    the compositor scaled it to a car photographed from 3-8 m). The car in the parking lane by the kerb; a
    granite kerb in lengths, a gutter with drain grates, a pavement of slabs 3.9 m wide with a tree in a
    grate, bollards, bicycle stands, a lamp post, all away from the car's slot; behind, plots of different
    widths, heights, materials (render, brick, stone) and window rhythms, with real shopfronts whose
    interiors are built in 3D and lit, fascia boards (no lettering since sessions 14 (day) and 15 (night),
    lit by gooseneck lamps at night), a blade sign, a front door to the flats."""
    extra = {'night': night, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    mist = None
    kerb_y = 2.4
    if night:
        world_grad((0.025, 0.03, 0.055), (0.004, 0.005, 0.012), 1.0)
        # Session 12: the road is `s12c_asphalt_mat` (chippings, wheel paths, sealed cracks, wet with drier islands).
        plane(6000, 6000, (0, 0, 0), s12c_asphalt_mat(wet=True))
        key(315, 62, 0.4, (1.0, 0.82, 0.6))
    else:
        # Session 14: a clear sunny day (reviewers: "dim", "light does not match" a sunny car photo): a real
        # sun (0.55-degree disc, so the tree, the lamp post, the awning and the cornices throw crisp shadows)
        # over a clear sky, from the camera's right at 48 degrees (azimuth 120: raking across the facade, so
        # pilasters, sills and the awning model it); the block across the street throws its roofline's
        # shadow into the lower right of the frame, as in a street photo.
        world_sky(48, 120, 0.6)
        sun_light(48, 120, 4.0, color=(1.0, 0.97, 0.92), angle_deg=0.55)
        key(120, 48, 0.15, (1.0, 0.97, 0.92))
        s14C_shadow_block(48, 120)
        mist = {'start': 40, 'depth': 600, 'color': (0.62, 0.65, 0.7)}
        plane(6000, 6000, (0, 0, 0), s12c_asphalt_mat())
    granite = plaster_mat('granite', (0.5, 0.49, 0.47), 0.7, streaks=False)
    kerb_stones(kerb_y, granite, (0.9, 1.2), 0.28, 0.15, 0.006)
    gut = simple_mat('gutter', (0.16, 0.155, 0.15), 0.85, grain=0.25, grain_scale=4, bump_strength=0.2)
    plane(80, 0.3, (0, kerb_y - 0.15, 0.003), gut)
    iron = simple_mat('grate', (0.04, 0.04, 0.04), 0.5, metallic=0.6, grain=0.2)
    for gx in (-13.0, 5.6, 19.0):
        for k in range(9):
            box((0.04, 0.26, 0.02), (gx - 0.25 + k * 0.06, kerb_y - 0.16, 0.004), iron, bevel=0)
    front = 6.3
    # Session 10: the pavement is laid slabs (uneven, some sunk, cracked or patched, three tones) over a
    # dark bed that shows in the joints; the flat paving plane stays beyond the view for the reflections.
    plane(80, front - kerb_y - 0.28, (0, (kerb_y + 0.28 + front) / 2, 0.12),
          simple_mat('sb10-joint', (0.09, 0.085, 0.08), 0.9, grain=0.3, grain_scale=8))
    plane(80, 6.0, (0, front + 3.0, 0.149), floor_material('stone-paving', (0.5, 0.48, 0.45)))
    slab_base = (0.46, 0.45, 0.43)
    sb10_pavement(kerb_y + 0.283, front + 0.3, -16.0, 16.0,
                  [sb10_slab_mat('sb10-slab-%d' % i, tuple(v * f for v in slab_base)) for i, f in enumerate((0.9, 1.0, 1.08))],
                  simple_mat('sb10-slab-tar', (0.06, 0.06, 0.062), 0.7, grain=0.2, grain_scale=6, bump_strength=0.2))
    pole = simple_mat('bollard', (0.05, 0.05, 0.055), 0.4, metallic=0.7, grain=0.1)
    scuff = simple_mat('band', (0.62, 0.6, 0.52), 0.5, grain=0.25, grain_scale=10)
    for bx in (-3.3, -4.5, 6.2, 7.4):
        t = (random.gauss(0, 0.02), random.gauss(0, 0.02), 0)  # bollards knocked a little off plumb
        cylinder(0.07, 0.9, (bx, kerb_y + 0.5, 0.6), pole, rot=t, verts=20)
        sphere(0.075, (bx - t[1] * 0.45, kerb_y + 0.5 + t[0] * 0.45, 1.05), pole, subdiv=2)
        cylinder(0.075, 0.04, (bx - t[1] * 0.3, kerb_y + 0.5 + t[0] * 0.3, 0.9), scuff, rot=t, verts=20)
    steel = simple_mat('stand', (0.55, 0.56, 0.57), 0.3, metallic=0.9, grain=0.03)
    for sx in (-6.9, -6.0, -5.1):
        sheffield_stand(sx, front - 1.0, steel)
    # A tree in a cast-iron grate (right of the car, on the pavement).
    tx, ty = 4.2, kerb_y + 1.3
    box((1.3, 1.3, 0.02), (tx, ty, 0.155), iron, bevel=0.005)
    try:
        leaf = leaf2_mat('street-leaf', (0.03, 0.06, 0.02), (0.12, 0.18, 0.05), translucent=0.3)
        bark = bark2_mat('street-bark', (0.08, 0.07, 0.06))
        put(broadleaf_mesh(11, 8.5, 4.0, name='street-tree', mats=[leaf, bark], leaves=0.8), (tx, ty, 0.15))
    except Exception as e:  # noqa: BLE001 (a helper owned elsewhere changed: the street still renders)
        print('street tree skipped:', e)
    metal = simple_mat('pole', (0.12, 0.12, 0.13), 0.45, metallic=0.8)
    for lx in (-6.4, 7.4):  # session 12: closer, so their pools fall into the frame at night
        cylinder(0.09, 8.0, (lx, kerb_y + 0.6, 4.0), metal, verts=16)
        cylinder(0.14, 0.6, (lx, kerb_y + 0.6, 0.45), metal, verts=16)
        box((0.08, 1.4, 0.08), (lx, kerb_y - 0.1, 8.0), metal, bevel=0.01)
        box((0.3, 0.6, 0.14), (lx, kerb_y - 0.8, 7.95), metal, bevel=0.03)
        if night:
            # Session 10: the old sodium lamp on the left, a replaced LED lantern on the right.
            lc = (1.0, 0.58, 0.24) if lx < 0 else (0.86, 0.92, 1.0)
            lens = plane(0.26, 0.5, (lx, kerb_y - 0.8, 7.87), no_light_sampling(emission_mat('lamp', lc, 40.0)),
                         rot=(math.pi, 0, 0))
            camera_only(lens)
            spot_light((lx, kerb_y - 0.8, 7.8), 2600 if lx < 0 else 1800, (lx, kerb_y - 0.8, 0), angle_deg=62, blend=0.55,
                       color=lc, radius=0.15)
    if night:
        # The lamp across the street behind the camera lights the car side and the pavement.
        spot_light((-2.0, -9.0, 7.8), 700, (0.0, 2.0, 0.0), angle_deg=100, blend=0.9, color=(1.0, 0.82, 0.6), radius=0.15)
    # The street face: plots of different widths, heights, materials, window rhythms and shops.
    # Session 7: narrower plots (4.8-6.2 m in view), so no one shopfront fills the frame behind the car;
    # the flats' door and a narrow boutique at the centre, where the car hides them anyway.
    plots = [
        (-22.0, -13.4, 15.5, ('plaster', (0.74, 0.72, 0.66)), [('shelves', 1)], (0.12, 0.12, 0.12), (0.06, 0.06, 0.07), None),
        (-13.4, -7.6, 17.5, ('brick', (0.36, 0.16, 0.1)), [('rail', 1), ('door', 0.3)], (0.85, 0.85, 0.82), (0.82, 0.8, 0.74), None),
        (-7.6, -2.6, 14.0, ('stone', (0.64, 0.6, 0.53)), [('shelves', 1)], (0.12, 0.12, 0.12), (0.06, 0.15, 0.1), None),
        (-2.6, 2.2, 16.5, ('plaster', (0.8, 0.74, 0.6)), [('door', 0.32), ('rail', 1)], (0.25, 0.18, 0.12), (0.1, 0.1, 0.11), None),
        (2.2, 8.4, 19.0, ('brick', (0.42, 0.24, 0.16)), [('cafe', 1)], (0.1, 0.1, 0.1), (0.08, 0.17, 0.12), 0),
        (8.4, 14.0, 15.0, ('plaster', (0.62, 0.66, 0.68)), [('shelves', 1)], (0.8, 0.8, 0.78), (0.03, 0.04, 0.07), None),
        (14.0, 22.0, 16.0, ('stone', (0.7, 0.66, 0.58)), [('door', 0.25), ('shelves', 1)], (0.12, 0.12, 0.12), (0.35, 0.06, 0.05), None),
    ]
    # Session 10: the dirt a city leaves on its facades, as overlays (streaks under sills and fascias,
    # rising damp and splash on pilasters and stall risers, stains on the render).
    grime = {
        'streak': Sb10Decals(sb10_grime_mat('sb10-streaks', (0.14, 0.13, 0.11), 'streak', 0.75), 'sb10-streaks'),
        'damp': Sb10Decals(sb10_grime_mat('sb10-damp', (0.2, 0.19, 0.17), 'damp', 0.5), 'sb10-damp'),
        'stain': Sb10Decals(sb10_grime_mat('sb10-stains', (0.28, 0.25, 0.2), 'stain', 0.5), 'sb10-stains'),
        'sign': Sb10Decals(sb10_grime_mat('sb10-sign-dirt', (0.12, 0.11, 0.1), 'streak', 0.4, rough=0.7), 'sb10-sign-dirt'),
    }
    for i, (a, b, h, (mk, col), shops, fcol, scol, awn) in enumerate(plots):
        if mk == 'brick':
            wm = brick_mat('pl%d-brick' % i, col)
            st = plaster_mat('pl%d-stone' % i, (0.72, 0.7, 0.64), 0.7, streaks=False)
        else:
            wm = plaster_mat('pl%d-wall' % i, col, 0.8 if mk == 'plaster' else 0.7, streaks=True)
            st = plaster_mat('pl%d-stone' % i, tuple(min(1, v * 1.1) for v in col), 0.7, streaks=False)
        storey, bay, win_w, win_h = (random.uniform(3.1, 3.4), random.uniform(1.7, 2.3), random.uniform(1.0, 1.25),
                                     random.uniform(1.55, 1.85))
        street_block(a, b, front, h, wm, st, storey=storey, bay=bay,
                     win_w=win_w, win_h=win_h, frame_col=fcol, night=night,
                     lit=0.35 if night else 0.0, name='pl%d' % i, shops=shops, sign_col=scol,
                     awning=awn, glass_fn=None if night else s14C_shop_glass_mat)
        sb10_weather_plot(a, b, front, shops, bay, win_w, mk, grime)
        if night:
            s15N_fascia_lamps(a, b, front, shops, i)
    for g in grime.values():
        g.done()
    # Session 15: no lettering by night either (reviewers named "Moda Ela", "Şifa Eczanesi" as giveaways
    # of a generated scene): the fascias are lit by their lamps instead, the lightboxes are blank panels.
    sb10_street_life(front, kerb_y, night, trench=False, mh_at=(2.2, -1.82))
    s12c_road_works(kerb_y, night)
    # The street behind the camera (seen only in shop glass and windows).
    walls = [(0.78, 0.72, 0.62), (0.62, 0.6, 0.57), (0.86, 0.84, 0.79), (0.58, 0.44, 0.36)]
    bx = -30.0
    k = 0
    while bx < 30:
        w = random.uniform(9, 14)
        facade(bx, bx + w, 24.0, random.uniform(14, 20), walls[k % len(walls)], name='bh%d' % k, behind=True,
               lit=0.35 if night else 0.0, night=night)
        bx += w
        k += 1
    camera(focal=38.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=7.0)
    if night:
        render_settings(exposure=-0.6, glare=0.25, adaptive=0.01)
    else:
        render_settings(exposure=-0.15, mist=mist)
    return extra


def s15N_fascia_lamps(x0, x1, front, shops, plot):
    """Gooseneck trough lamps over each open shop's fascia (session 15, urban night): with the lettering gone
    the boards would be flat dark bands; real shops light their fascias from arms above them, so each board
    shows scalloped pools of light fading downwards, its colour and its dirt streaks. Two to four lamps per
    shop on steel arms reaching 0.45 m out from the band above, warm or cool-white per shop; none over the
    shuttered clothes shop (plot 3, shut for the night) or a flats' door."""
    rng = random.Random(150 + plot)
    steel = simple_mat('s15N-gooseneck', (0.06, 0.06, 0.065), 0.4, metallic=0.8, grain=0.05)
    spans, _ = sb10_shop_spans(x0, x1, shops)
    for kind, a, b in spans:
        if kind == 'door' or (plot == 3 and kind == 'rail'):
            continue
        col = rng.choice([(1.0, 0.8, 0.58), (1.0, 0.86, 0.7), (0.9, 0.94, 1.0)])
        lens = no_light_sampling(emission_mat('s15N-lamp-lens-%d' % plot, col, 30.0))
        n = max(2, min(4, round((b - a) / 1.5)))
        for k in range(n):
            x = a + (k + 0.5) * (b - a) / n
            wy, hy, hz = front - 0.1, front - 0.55, 4.12
            wire([(x, wy, 3.95), (x, wy - 0.12, 4.1), (x, hy + 0.08, 4.16), (x, hy, hz)], 0.011, steel, 's15N-arm')
            head = cylinder(0.045, 0.16, (x, hy, hz - 0.03), steel, rot=(0.75, 0, 0), verts=16)
            head.name = 's15N-lamp-head'
            camera_only(cylinder(0.036, 0.005, (x, hy + 0.055, hz - 0.09), lens, rot=(0.75, 0, 0), verts=16))
            spot_light((x, hy + 0.06, hz - 0.11), rng.uniform(14.0, 20.0), (x + rng.uniform(-0.1, 0.1), wy, 3.3),
                       angle_deg=110, blend=0.9, color=col, radius=0.04)


def s14C_shadow_block(sun_elev, sun_az):
    """The street's other side behind the camera's right (session 14, city centre by day): a five-storey
    block whose roofline (a parapet step and a chimney stack) throws a crisp shadow over the frame's lower
    right corner, the car's place in sun. Only its shadow is seen (reflections show the `facade` row).
    Placed from the sun: its shadow's corner falls at about (-0.3, -2.5) and its side's edge crosses the
    frame's foot at x 1.2."""
    m = simple_mat('s14C-block', (0.5, 0.48, 0.45), 0.8)
    t = 1.0 / math.tan(math.radians(sun_elev))
    ux, uy = -math.sin(math.radians(sun_az)), -math.cos(math.radians(sun_az))  # shadow direction on the ground
    h = 15.0
    y0 = -2.5 - uy * t * h
    x0 = 1.2 - ux * (-3.34 - y0) / uy
    parts = [box((40.0, 16.0, h), (x0 + 20.0, y0 - 8.0, h / 2), m, bevel=0),
             box((34.0, 0.3, 0.8), (x0 + 1.6 + 17.0, y0 - 0.15, h + 0.4), m, bevel=0),  # a stepped-up parapet
             box((0.9, 0.7, 2.2), (x0 + 1.3, y0 - 0.9, h + 1.1), m, bevel=0),  # chimney stack
             box((1.6, 1.6, 1.4), (x0 + 6.0, y0 - 2.0, h + 0.7), m, bevel=0)]  # a water tank on the roof
    for o in parts:
        for a in ('visible_camera', 'visible_diffuse', 'visible_glossy', 'visible_transmission', 'visible_volume_scatter'):
            setattr(o, a, False)


def s14C_shop_glass_mat(name):
    """Plate glass by day (session 14, city centre): the shop behind is seen dimmed through a grey-green
    pane (the eye adapted to the sunlit street sees a shop as dark), under a stronger Fresnel reflection of
    the sunlit street behind the camera (12 % head-on), as a street photo shows shop windows."""
    m, nt, out = new_mat(name)
    tr = nt.nodes.new('ShaderNodeBsdfTransparent')
    tr.inputs['Color'].default_value = (0.42, 0.46, 0.45, 1)
    glass_over(nt, out, tr.outputs[0], 0.12)
    return no_light_sampling(m)


# ---- city street, session 10 (sb10_*): weathering, signage and clutter used only by s_street


class Sb10Decals(Batch):
    """Thin overlays of dirt (streaks under sills, rising damp, stains) or water on walls and ground, as one
    mesh per material: quads with a UV map in metres across (u, offset per quad so no two are alike) and
    0..1 bottom to top (v), and a second map `rnd` with one random number per quad. They cast no shadow."""

    def __init__(self, mat, name):
        super().__init__(mat, name)
        self.uv = self.bm.loops.layers.uv.new('UVMap')
        self.rnd = self.bm.loops.layers.uv.new('rnd')

    def _quad(self, pts, w):
        f = self.bm.faces.new([self.bm.verts.new(p) for p in pts])
        r = random.random()
        for lp, (u, v) in zip(f.loops, [(0, 0), (w, 0), (w, 1), (0, 1)]):
            lp[self.uv].uv = (u + r * 37.0, v)
            lp[self.rnd].uv = (r, 0.0)

    def wall(self, x0, x1, z0, z1, y):
        """On a facade facing -Y at y."""
        self._quad([(x0, y, z0), (x1, y, z0), (x1, y, z1), (x0, y, z1)], x1 - x0)

    def ground(self, x0, x1, y0, y1, z):
        self._quad([(x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z)], x1 - x0)

    def done(self):
        o = super().done()
        o.visible_shadow = False
        return o


def sb10_uv(nt, name='UVMap'):
    n = nt.nodes.new('ShaderNodeUVMap')
    n.uv_map = name
    s = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, n.outputs['UV'], s.inputs[0])
    return s.outputs['X'], s.outputs['Y']


def sb10_vec(nt, x, y, z=0.0):
    c = nt.nodes.new('ShaderNodeCombineXYZ')
    for i, v in enumerate((x, y, z)):
        if isinstance(v, (int, float)):
            c.inputs[i].default_value = v
        else:
            link(nt, v, c.inputs[i])
    return c.outputs[0]


def sb10_grime_mat(name, color, kind='streak', amount=0.6, rough=0.9):
    """Dirt over a wall or pavement: 'streak' runs down from the top edge (washed off a sill or ledge) in
    streaks of different lengths; 'damp' rises from the bottom edge with a ragged tide line; 'stain' is
    blotches fading out towards the quad's edges."""
    m, nt, out = new_mat(name)
    u, v = sb10_uv(nt)
    if kind == 'streak':
        # Each streak's length (a 1-D noise across) and its density along it.
        ln = ramp(nt, noise(nt, sb10_vec(nt, u, 0.0), 3.0, 3, 0.5), [(0.3, (0.15, 0.15, 0.15)), (0.7, (1, 1, 1))])
        bw = nt.nodes.new('ShaderNodeRGBToBW')
        link(nt, ln, bw.inputs[0])
        fade = math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', v, math_node(nt, 'SUBTRACT', 1.0, bw.outputs[0])),
                         bw.outputs[0], clamp=True)
        fade = math_node(nt, 'POWER', fade, 1.6)
        fine = noise(nt, sb10_vec(nt, math_node(nt, 'MULTIPLY', u, 9.0), math_node(nt, 'MULTIPLY', v, 0.6)), 4.0, 6, 0.65)
        dens = ramp(nt, fine, [(0.35, (0.25, 0.25, 0.25)), (0.65, (1, 1, 1))])
        bw2 = nt.nodes.new('ShaderNodeRGBToBW')
        link(nt, dens, bw2.inputs[0])
        a = math_node(nt, 'MULTIPLY', fade, bw2.outputs[0])
    elif kind == 'damp':
        edge = math_node(nt, 'ADD', math_node(nt, 'SUBTRACT', 1.0, v),
                         math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, sb10_vec(nt, u, v), 1.5, 5, 0.6), 0.5), 0.7))
        a = math_node(nt, 'POWER', math_node(nt, 'MAXIMUM', edge, 0.0), 1.5, clamp=True)
        a = math_node(nt, 'MULTIPLY', a, ramp_bw(nt, noise(nt, sb10_vec(nt, u, math_node(nt, 'MULTIPLY', v, 2.0)), 6.0, 6, 0.6), 0.3, 0.7, 0.5, 1.0))
    else:  # stain
        blot = ramp_bw(nt, noise(nt, sb10_vec(nt, u, math_node(nt, 'MULTIPLY', v, 1.5)), 1.6, 6, 0.62, 1.0), 0.5, 0.66, 0.0, 1.0)
        edge = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', v, math_node(nt, 'SUBTRACT', 1.0, v)), 4.0, clamp=True)
        a = math_node(nt, 'MULTIPLY', blot, edge)
    a = math_node(nt, 'MULTIPLY', a, amount, clamp=True)
    tone = ramp(nt, noise(nt, sb10_vec(nt, u, v, 3.0), 5.0, 4, 0.5), [(0.3, tuple(c * 0.8 for c in color)),
                                                                       (0.7, tuple(min(1, c * 1.15) for c in color))])
    p = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, tone, p.inputs['Base Color'])
    p.inputs['Roughness'].default_value = rough
    p.inputs['Specular'].default_value = 0.3
    worn_cover(nt, out, a, p)
    m.blend_method = 'HASHED'
    return no_light_sampling(m)


def ramp_bw(nt, fac, p0, p1, v0, v1):
    """A scalar ramp: v0 below p0, v1 above p1, linear between."""
    r = math_node(nt, 'DIVIDE', math_node(nt, 'SUBTRACT', fac, p0), p1 - p0, clamp=True)
    return math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', r, v1 - v0), v0)


def sb10_puddle_mat(name, amount=1.0):
    """Standing water on asphalt or paving: a dark mirror where the water lies (ragged noise shape), a damp
    darker rim around it, nothing elsewhere."""
    m, nt, out = new_mat(name)
    u, v = sb10_uv(nt)
    shape = noise(nt, sb10_vec(nt, u, math_node(nt, 'MULTIPLY', v, 1.0)), 0.9, 5, 0.55)
    edge = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', v, math_node(nt, 'SUBTRACT', 1.0, v)), 4.0, clamp=True)
    s = math_node(nt, 'MULTIPLY', shape, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', edge, 0.5), 0.5))
    water = ramp_bw(nt, s, 0.36, 0.4, 0.0, 1.0)
    damp = ramp_bw(nt, s, 0.26, 0.36, 0.0, 0.8)
    wet = nt.nodes.new('ShaderNodeBsdfPrincipled')
    wet.inputs['Base Color'].default_value = (0.02, 0.02, 0.02, 1)
    link(nt, ramp_bw(nt, water, 0.0, 1.0, 0.35, 0.02), wet.inputs['Roughness'])
    wet.inputs['Specular'].default_value = 0.5
    tr = nt.nodes.new('ShaderNodeBsdfTransparent')
    mx = nt.nodes.new('ShaderNodeMixShader')
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'MAXIMUM', water, damp), amount, clamp=True), mx.inputs[0])
    link(nt, tr.outputs[0], mx.inputs[1])
    link(nt, wet.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])
    return no_light_sampling(m)


def sb10_slab_mat(name, base, stains=1.0):
    """Pressed-concrete paving slabs after years of feet: a tone drifting over metres and within the slab,
    exposed aggregate where the top is worn, dark blotches of old spills and chewing gum, a fine grain."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    tone = ramp(nt, noise(nt, c, 0.7, 5, 0.55), [(0.3, tuple(v * 0.88 for v in base)), (0.7, tuple(min(1, v * 1.08) for v in base))])
    agg = ramp(nt, noise(nt, c, 90, 3, 0.5), [(0.35, (0.86, 0.86, 0.86)), (0.65, (1.08, 1.06, 1.04))])
    col = mix_rgb(nt, 1.0, tone, agg, 'MULTIPLY')
    spill = ramp(nt, noise(nt, c, 2.2, 6, 0.6, 0.4), [(0.58, (1, 1, 1)), (0.72, (0.72, 0.7, 0.67))])
    col = mix_rgb(nt, stains, col, mix_rgb(nt, 1.0, col, spill, 'MULTIPLY'))
    vor = nt.nodes.new('ShaderNodeTexVoronoi')
    vor.inputs['Scale'].default_value = 14.0
    link(nt, c, vor.inputs['Vector'])
    gum = ramp_bw(nt, vor.outputs['Distance'], 0.03, 0.05, 1.0, 0.0)
    gum = math_node(nt, 'MULTIPLY', gum, math_node(nt, 'GREATER_THAN', noise(nt, c, 6.0, 2, 0.5), 0.56))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', gum, 0.75 * stains), col, (0.12, 0.115, 0.11))
    fine = noise(nt, c, 260, 3, 0.6)
    principled(nt, out, col, ramp_bw(nt, spill_bw(nt, spill), 0.0, 1.0, 0.62, 0.85), 0.35, 0.0, bump(nt, fine, 0.18, 0.004))
    return m


def spill_bw(nt, col):
    bw = nt.nodes.new('ShaderNodeRGBToBW')
    link(nt, col, bw.inputs[0])
    return bw.outputs[0]


def sb10_pavement(y0, y1, x0, x1, mats, patch_mat, size=0.4, joint=0.007):
    """A pavement of square slabs laid by hand and walked on for years: each a few millimetres high or low
    and tilted a fraction of a degree, a few sunk or cracked in two, some replaced by a tar patch. Slabs are
    spread over several materials of slightly different tone."""
    batches = [Batch(mt, 'sb10-slabs-%d' % i) for i, mt in enumerate(mats)]
    patch = Batch(patch_mat, 'sb10-slab-patch')
    rows = int((y1 - y0) / size)
    y = y0
    for r in range(rows + 1):
        d = min(size, y1 - y)
        if d < 0.05:
            break
        x = x0 + (size / 2 if r % 2 else 0)
        while x < x1:
            cx, cy = x + size / 2, y + d / 2
            dz = random.gauss(0, 0.0025)
            rx, ry = random.gauss(0, 0.005), random.gauss(0, 0.005)
            if random.random() < 0.04:  # sunk
                dz -= random.uniform(0.006, 0.015)
                rx, ry = random.gauss(0, 0.025), random.gauss(0, 0.025)
            if random.random() < 0.015:
                patch.box((size - 0.002, d - 0.002, 0.06), (cx, cy, 0.15 - 0.03 - 0.002), rot_z=0.0)
            elif random.random() < 0.05:  # cracked in two
                k = random.uniform(0.35, 0.65)
                bt = random.choice(batches)
                bt.box(((size - joint) * k - 0.003, d - joint, 0.06), (x + (size * k) / 2, cy, 0.12 + dz), rot_x=rx, rot_y=ry)
                bt.box(((size - joint) * (1 - k) - 0.003, d - joint, 0.06), (x + size * k + size * (1 - k) / 2, cy, 0.12 + dz - 0.004),
                       rot_x=-rx, rot_y=random.gauss(0, 0.02))
            else:
                random.choice(batches).box((size - joint, d - joint, 0.06), (cx, cy, 0.12 + dz),
                                           rot_z=random.gauss(0, 0.004), rot_x=rx, rot_y=ry)
            x += size
        y += size
    for bt in batches + [patch]:
        bt.done()


def sb10_parented(empty_loc, rot, parts):
    """Parents already-built objects to an empty placed at `empty_loc` with Euler rotation `rot`: they were
    built round the origin in the prop's own frame."""
    e = bpy.data.objects.new('sb10-prop', None)
    sc.collection.objects.link(e)
    for o in parts:
        o.parent = e
    e.location = empty_loc
    e.rotation_euler = rot
    return e


def sb10_scooter(x, y, yaw, body_col, box_col=None):
    """A parked 125-cc scooter leaning on its side stand (x forward in its own frame): 12-inch wheels, a
    floorboard, a rounded rear body and seat, a leg shield, steering column, handlebar with mirrors and a
    courier's top box on a rack (Istanbul's scooters mostly carry one)."""
    body = simple_mat('sb10-scooter-body', body_col, 0.28, grain=0.06, grain_scale=8)
    body.node_tree.nodes['Principled BSDF'].inputs['Clearcoat'].default_value = 0.4
    dark = simple_mat('sb10-scooter-plastic', (0.025, 0.025, 0.027), 0.55, grain=0.1)
    rub = simple_mat('sb10-tyre', (0.018, 0.018, 0.018), 0.75, grain=0.1, grain_scale=40)
    alu = simple_mat('sb10-alu', (0.5, 0.5, 0.5), 0.35, metallic=0.9, grain=0.1)
    p = []
    for wx in (0.66, -0.62):
        p.append(cylinder(0.2, 0.1, (wx, 0, 0.2), rub, rot=(math.pi / 2, 0, 0), verts=28))
        p.append(cylinder(0.12, 0.106, (wx, 0, 0.2), alu, rot=(math.pi / 2, 0, 0), verts=20))
    p.append(box((0.5, 0.3, 0.05), (0.12, 0, 0.3), dark, bevel=0.015))
    p.append(box((0.56, 0.26, 0.16), (0.1, 0, 0.2), body, bevel=0.05))
    p.append(box((0.86, 0.34, 0.34), (-0.42, 0, 0.55), body, bevel=0.1))
    p.append(box((0.66, 0.27, 0.09), (-0.38, 0, 0.77), dark, bevel=0.04))
    p.append(box((0.14, 0.4, 0.62), (0.44, 0, 0.62), body, bevel=0.05, rot=(0, -0.25, 0)))
    p.append(box((0.36, 0.13, 0.05), (0.68, 0, 0.43), body, bevel=0.02, rot=(0, 0.2, 0)))
    p.append(cylinder(0.022, 0.55, (0.6, 0, 0.5), alu, rot=(0, -0.42, 0), verts=10))
    p.append(box((0.22, 0.32, 0.14), (0.5, 0, 1.02), body, bevel=0.04))
    p.append(cylinder(0.013, 0.7, (0.46, 0, 1.06), dark, rot=(math.pi / 2, 0, 0), verts=8))
    for s in (-1, 1):
        p.append(cylinder(0.006, 0.25, (0.46, s * 0.26, 1.18), alu, rot=(s * 0.3, 0, 0), verts=6))
        p.append(box((0.03, 0.1, 0.07), (0.46, s * 0.3, 1.3), dark, bevel=0.01))
    p.append(box((0.06, 0.16, 0.08), (0.6, 0, 0.95), glass_mat('sb10-headlamp', (0.8, 0.8, 0.78), 0.05), bevel=0.02))
    p.append(box((0.04, 0.18, 0.05), (-0.82, 0, 0.66), simple_mat('sb10-tail', (0.35, 0.02, 0.02), 0.2), bevel=0.01))
    p.append(cylinder(0.04, 0.42, (-0.45, -0.15, 0.3), alu, rot=(0, math.pi / 2 - 0.15, 0), verts=12))
    p.append(box((0.35, 0.3, 0.025), (-0.72, 0, 0.86), dark, bevel=0.005))
    if box_col:
        p.append(box((0.44, 0.42, 0.38), (-0.74, 0, 1.07), simple_mat('sb10-topbox', box_col, 0.5, grain=0.1, grain_scale=6,
                                                                     bump_strength=0.15), bevel=0.03))
    p.append(cylinder(0.012, 0.3, (-0.05, 0.18, 0.15), alu, rot=(0.55, 0, 0), verts=6))  # side stand
    sb10_parented((x, y, 0.15), (-0.09, 0, yaw), p)


def sb10_bin(x, y, yaw, col, kind='wheelie'):
    """A municipal 240-litre wheelie bin (lid, handle bar, two wheels) or a 770-litre galvanised container on
    four castors with a domed lid, scuffed and streaked."""
    p = []
    if kind == 'wheelie':
        shell = simple_mat('sb10-bin', col, 0.6, grain=0.12, grain_scale=5, bump_strength=0.1)
        p.append(box((0.58, 0.72, 0.92), (0, 0, 0.52), shell, bevel=0.03))
        p.append(box((0.62, 0.78, 0.05), (0, -0.02, 1.0), shell, bevel=0.015, rot=(random.uniform(0, 0.08), 0, 0)))
        p.append(cylinder(0.018, 0.56, (0, 0.4, 0.95), shell, rot=(0, math.pi / 2, 0), verts=8))
        for s in (-1, 1):
            p.append(cylinder(0.1, 0.05, (s * 0.26, 0.3, 0.1), simple_mat('sb10-binwheel', (0.02, 0.02, 0.02), 0.7),
                              rot=(0, math.pi / 2, 0), verts=16))
    else:
        galv = ribbed_mat('sb10-container', col, period=0.2, rough=0.5, metallic=0.7, axis='Z')
        p.append(box((1.26, 0.78, 0.95), (0, 0, 0.63), galv, bevel=0.04))
        lid = simple_mat('sb10-container-lid', tuple(c * 0.8 for c in col), 0.45, metallic=0.6, grain=0.2, grain_scale=4)
        p.append(box((1.3, 0.84, 0.12), (0, 0, 1.15), lid, bevel=0.05))
        rub = simple_mat('sb10-castor', (0.02, 0.02, 0.02), 0.7)
        for sx in (-0.5, 0.5):
            for sy in (-0.28, 0.28):
                p.append(cylinder(0.08, 0.05, (sx, sy, 0.08), rub, rot=(0, math.pi / 2, 0), verts=14))
        p.append(cylinder(0.02, 1.3, (0, -0.42, 0.9), lid, rot=(0, math.pi / 2, 0), verts=8))
    sb10_parented((x, y, 0.15), (0, 0, yaw), p)


def sb10_planter(x, y, w, col, leaf_dark, leaf_light, seed, height=0.7):
    """A concrete trough with a clipped shrub of single leaves (hundreds of small blades, denser at the
    middle, ragged at the edge), not a smooth ball."""
    rng = random.Random(seed)
    pot = plaster_mat('sb10-planter', col, 0.85, streaks=True)
    box((w, 0.42, 0.42), (x, y, 0.15 + 0.21), pot, bevel=0.02)
    box((w - 0.06, 0.36, 0.02), (x, y, 0.15 + 0.4), simple_mat('sb10-soil', (0.05, 0.04, 0.03), 0.95, grain=0.3), bevel=0)
    leaves = Batch(simple_mat('sb10-leaf', leaf_dark, 0.5, grain=0.35, grain_scale=14), 'sb10-leaves')
    leaves2 = Batch(simple_mat('sb10-leaf2', leaf_light, 0.5, grain=0.3, grain_scale=11), 'sb10-leaves2')
    for i in range(int(900 * w)):
        u = rng.uniform(-1, 1)
        v = rng.uniform(-1, 1)
        t = rng.random() ** 0.6
        r = (abs(u) ** 2 + abs(v) ** 2) ** 0.5
        if r > 1:
            continue
        lx = x + u * (w / 2 + 0.05)
        ly = y + v * 0.28
        lz = 0.15 + 0.42 + t * height * (1 - 0.4 * r * r) + rng.gauss(0, 0.03)
        (leaves if rng.random() < 0.6 else leaves2).box((rng.uniform(0.03, 0.06), 0.003, rng.uniform(0.015, 0.025)),
                                                        (lx, ly, lz), rot_z=rng.uniform(0, 6.3), rot_x=rng.uniform(-1.2, 1.2),
                                                        rot_y=rng.uniform(-0.6, 0.6))
    for st in range(int(6 * w)):
        leaves.box((0.006, 0.006, height * 0.8), (x + rng.uniform(-w / 2 + 0.1, w / 2 - 0.1), y + rng.uniform(-0.1, 0.1), 0.57 + height * 0.4),
                   rot_x=rng.gauss(0, 0.2), rot_y=rng.gauss(0, 0.2))
    leaves.done()
    leaves2.done()


def sb10_aframe(x, y, yaw, board_col=(0.03, 0.032, 0.03)):
    """A cafe's A-frame pavement board: two chalkboards in timber frames leaning together (wiped: session 14
    and 15 left off the chalk lettering, which reviewers read as garbled or made up)."""
    tilt = 0.2
    board = simple_mat('sb10-aboard', board_col, 0.8, grain=0.4, grain_scale=6)
    wood = simple_mat('sb10-aframe-wood', (0.2, 0.12, 0.06), 0.6, grain=0.2, grain_scale=12)
    p = []
    for s in (-1, 1):
        p.append(box((0.56, 0.02, 0.82), (0, s * 0.085, 0.45), board, bevel=0.004, rot=(s * tilt, 0, 0)))
        for fx in (-0.3, 0.3):
            p.append(box((0.04, 0.03, 0.92), (fx, s * 0.09, 0.46), wood, bevel=0.005, rot=(s * tilt, 0, 0)))
        p.append(box((0.64, 0.03, 0.04), (0, s * 0.005, 0.89), wood, bevel=0.005, rot=(s * tilt, 0, 0)))
    sb10_parented((x, y, 0.15), (0, 0, yaw), p)


def sb10_ac_unit(x, y, z, streak):
    """An air-conditioner's outdoor unit hung on brackets on the facade: a pale metal case with the fan
    behind a round grille, insulated pipes and a drain hose, a rust-and-water streak down the wall below."""
    case = simple_mat('sb10-ac', (0.66, 0.65, 0.6), 0.45, grain=0.08, grain_scale=5)
    dark = simple_mat('sb10-ac-grille', (0.03, 0.03, 0.03), 0.6)
    w, d, h = 0.8, 0.3, 0.56
    box((w, d, h), (x, y - d / 2 - 0.06, z + h / 2), case, bevel=0.012)
    cylinder(0.2, 0.01, (x - 0.1, y - d - 0.065, z + h / 2), dark, rot=(math.pi / 2, 0, 0), verts=32)
    for k in range(5):
        box((0.4, 0.006, 0.006), (x - 0.1, y - d - 0.075, z + h / 2 - 0.16 + k * 0.08), case, bevel=0)
    for s in (-1, 1):
        box((0.03, d + 0.1, 0.03), (x + s * 0.3, y - d / 2 - 0.05, z - 0.015), dark, bevel=0)
        box((0.03, 0.03, 0.3), (x + s * 0.3, y - 0.02, z - 0.15), dark, bevel=0)
    pipe = simple_mat('sb10-ac-pipe', (0.72, 0.71, 0.68), 0.7)
    wire([(x + 0.36, y - 0.12, z + 0.2), (x + 0.47, y - 0.05, z + 0.25), (x + 0.5, y - 0.04, z + 1.2)], 0.022, pipe, 'sb10-ac-pipes')
    wire([(x - 0.3, y - 0.15, z), (x - 0.31, y - 0.12, z - 0.25), (x - 0.25, y - 0.05, z - 0.9)], 0.008,
         simple_mat('sb10-drain', (0.4, 0.4, 0.38), 0.5), 'sb10-ac-drain')
    streak.wall(x - 0.45, x + 0.3, z - 1.6, z + 0.02, y - 0.004)


def sb10_dish(x, y, z, yaw=0.0):
    """A satellite dish on a wall bracket: a shallow spun-steel dish looking up and south, its feed arm and
    LNB."""
    white = simple_mat('sb10-dish', (0.52, 0.52, 0.5), 0.5, grain=0.15, grain_scale=4)
    dark = simple_mat('sb10-lnb', (0.05, 0.05, 0.05), 0.5)
    p = []
    d = sphere(0.3, (0, -0.35, 0), white, subdiv=3)
    d.scale = (1.0, 0.18, 1.1)
    d.rotation_euler = (-0.35, 0, 0)
    p.append(d)
    p.append(cylinder(0.012, 0.5, (0, -0.55, -0.18), dark, rot=(-1.0, 0, 0), verts=8))
    p.append(box((0.05, 0.08, 0.05), (0, -0.75, -0.3), dark, bevel=0.01))
    p.append(cylinder(0.02, 0.35, (0, -0.17, 0), dark, rot=(math.pi / 2, 0, 0), verts=8))
    p.append(box((0.06, 0.02, 0.2), (0, -0.01, 0), dark, bevel=0.003))
    sb10_parented((x, y, z), (0, 0, yaw), p)


def sb10_flyers(x0, x1, y, z0, z1, n, seed):
    """Flyers and notices pasted on a pilaster or a shutter box, some half torn off: paper rectangles with
    blocks of tone for print, a few millimetres in front of the stone."""
    rng = random.Random(seed)
    m, nt, out = new_mat('sb10-flyer-%d' % seed)
    c = coord(nt, 'Object')
    base = ramp(nt, noise(nt, c, 3.0, 2, 0.5), [(0.4, (0.78, 0.76, 0.7)), (0.6, (0.75, 0.7, 0.42))])
    wv = nt.nodes.new('ShaderNodeTexWave')
    wv.bands_direction = 'Z'
    wv.inputs['Scale'].default_value = 45.0
    wv.inputs['Distortion'].default_value = 3.0
    link(nt, c, wv.inputs['Vector'])
    ink = ramp_bw(nt, wv.outputs['Fac'], 0.55, 0.7, 0.0, 1.0)
    blk = math_node(nt, 'MULTIPLY', ink, math_node(nt, 'GREATER_THAN', noise(nt, c, 11.0, 2, 0.5), 0.48))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', blk, 0.8), base, (0.08, 0.07, 0.12))
    principled(nt, out, col, 0.85, 0.3)
    paper = Batch(m, 'sb10-flyers')
    for i in range(n):
        w = rng.uniform(0.15, 0.25)
        h = w * rng.uniform(1.2, 1.45) * rng.choice([1.0, 0.6])
        px = rng.uniform(x0 + w / 2, x1 - w / 2)
        pz = rng.uniform(z0 + h / 2, z1 - h / 2)
        paper.box((w, 0.0015, h), (px, y - 0.002 - i * 0.0005, pz), rot_y=rng.gauss(0, 0.06))
    paper.done()


def sb10_litter(x0, x1, y0, y1, z, n, seed):
    """Cigarette ends, bottle caps, a crumpled receipt or two and fallen leaves on the pavement or in the
    gutter: tiny, scattered, mostly near edges."""
    rng = random.Random(seed)
    butt = Batch(simple_mat('sb10-butt', (0.7, 0.62, 0.45), 0.8, grain=0.3), 'sb10-butts')
    paper = Batch(simple_mat('sb10-paper', (0.72, 0.72, 0.68), 0.9, grain=0.2, bump_strength=0.3), 'sb10-paper')
    leaf = Batch(simple_mat('sb10-dry-leaf', (0.28, 0.17, 0.06), 0.8, grain=0.4, grain_scale=20), 'sb10-dry-leaves')
    for i in range(n):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        k = rng.random()
        if k < 0.5:
            butt.box((0.028, 0.008, 0.008), (x, y, z + 0.004), rot_z=rng.uniform(0, 6.3))
        elif k < 0.62:
            paper.box((rng.uniform(0.04, 0.09), rng.uniform(0.03, 0.06), 0.015), (x, y, z + 0.007),
                      rot_z=rng.uniform(0, 6.3), rot_x=rng.gauss(0, 0.3))
        else:
            leaf.box((rng.uniform(0.05, 0.09), rng.uniform(0.03, 0.05), 0.002), (x, y, z + 0.003),
                     rot_z=rng.uniform(0, 6.3), rot_x=rng.gauss(0, 0.15), rot_y=rng.gauss(0, 0.15))
    for bt in (butt, paper, leaf):
        bt.done()


def sb10_lightbox(x, y, z, w, h, d, face_col, strength, projecting=False):
    """A back-lit box sign: a painted metal case and blank acrylic faces (lit by night, faintly by day; no
    name since sessions 14 and 15). `projecting`: a blade sign sticking out of the wall at x (faces towards
    +-X), else flat on the wall facing -Y."""
    case = simple_mat('sb10-lightbox-case', (0.12, 0.12, 0.12), 0.45, metallic=0.5, grain=0.1)
    face = lit_sign_mat('sb10-lightbox-face', face_col, strength)
    if projecting:
        box((d, w, h), (x, y, z), case, bevel=0.015)
        for s in (-1, 1):
            plane(w - 0.06, h - 0.06, (x + s * (d / 2 + 0.002), y, z), face, rot=(math.pi / 2, 0, math.pi / 2))
        box((0.04, 0.6, 0.04), (x, y + w / 2 + 0.2, z + h / 2 - 0.05), case, bevel=0.005)
    else:
        box((w, d, h), (x, y + d / 2, z), case, bevel=0.015)
        plane(w - 0.05, h - 0.05, (x, y - 0.002, z), face, rot=(math.pi / 2, 0, 0))


def sb10_shutter(x0, x1, y, z0, z1):
    """A rolled-down steel shop shutter (kepenk): slats pressed across, dust in the grooves, rain streaks, its
    roller box on top and a bottom rail with a lock on the ground."""
    m, nt, out = new_mat('sb10-shutter')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    slat = math_node(nt, 'SINE', math_node(nt, 'MULTIPLY', sep.outputs['Z'], 2 * math.pi / 0.075))
    groove = ramp_bw(nt, slat, -1.0, -0.55, 0.0, 1.0)
    c = coord(nt, 'Object')
    streak = noise(nt, math_node_vec_scale(nt, c, (5.0, 0.3, 5.0)), 2.0, 5, 0.6)
    col = ramp(nt, streak, [(0.35, (0.26, 0.265, 0.26)), (0.7, (0.4, 0.41, 0.4))])
    col = mix_rgb(nt, math_node(nt, 'SUBTRACT', 1.0, groove), col, (0.08, 0.08, 0.08))
    principled(nt, out, col, 0.5, 0.5, 0.5, bump(nt, groove, 0.6, 0.01))
    plane(x1 - x0, z1 - z0, ((x0 + x1) / 2, y, (z0 + z1) / 2), m, rot=(math.pi / 2, 0, 0))
    box((x1 - x0 + 0.04, 0.28, 0.3), ((x0 + x1) / 2, y + 0.08, z1 + 0.15), simple_mat('sb10-shutter-box', (0.33, 0.33, 0.32), 0.5,
                                                                                metallic=0.5, grain=0.15, grain_scale=4), bevel=0.01)
    box((x1 - x0, 0.06, 0.05), ((x0 + x1) / 2, y - 0.02, z0 + 0.025), simple_mat('sb10-shutter-rail', (0.2, 0.2, 0.2), 0.5, metallic=0.7),
        bevel=0.005)


def sb10_shop_spans(x0, x1, shops):
    """The x extent (a, b) of each shop's fascia and glazing as street_block lays them out, and the x of the
    pilasters between them."""
    pil = 0.42
    total = sum(s for _, s in shops)
    inner = (x1 - x0) - 2 * pil
    xa = x0 + pil
    spans, piers = [], []
    for si, (kind, share) in enumerate(shops):
        xb = xa + inner * share / total
        if si > 0:
            piers.append(xa)
        spans.append((kind, xa + 0.15, xb - 0.15))
        xa = xb
    return spans, piers


def sb10_weather_plot(x0, x1, y, shops, bay, win_w, kind, grime):
    """Dirt on one plot of street_block: streaks of different lengths under each first-floor sill and down
    the fascia boards, stains on rendered walls, rising damp and splash at the foot of the pilasters and
    on the stall risers."""
    w = x1 - x0
    n = max(1, int(w / bay))
    bay = w / n
    sill = 4.3 + 0.95 - 0.06
    for i in range(n):
        wx = x0 + (i + 0.5) * bay
        hw = (win_w + 0.1) / 2 + random.uniform(-0.05, 0.08)
        grime['streak'].wall(wx - hw, wx + hw, sill - random.uniform(0.55, 1.0), sill, y - 0.003)
    if kind != 'brick':
        for _ in range(random.randint(1, 3)):
            sx = random.uniform(x0 + 0.3, x1 - 1.2)
            grime['stain'].wall(sx, sx + random.uniform(0.8, 2.2), 4.22, 4.22 + random.uniform(0.5, 0.95), y - 0.004)
    spans, piers = sb10_shop_spans(x0, x1, shops)
    for (px0, px1, fy) in [(x0, x0 + 0.42, y - 0.183), (x1 - 0.42, x1, y - 0.183)] + [(p - 0.15, p + 0.15, y - 0.163) for p in piers]:
        grime['damp'].wall(px0 - 0.005, px1 + 0.005, 0.15, 0.15 + random.uniform(0.45, 0.95), fy)
        if random.random() < 0.6:
            grime['streak'].wall(px0, px1, random.uniform(2.4, 3.3), 4.0, fy - 0.001)
    for kind_, a, b in spans:
        grime['sign'].wall(a, b, 3.85 - random.uniform(0.2, 0.5), 3.85, y - 0.104)
        if kind_ != 'door':
            grime['damp'].wall(a, b, 0.15, 0.6, y + 0.187)


def sb10_street_life(front, kerb_y, night, trench=True, mh_at=(4.3, -1.4)):
    """What makes the street lived in (session 10), all off the car's slot: a pharmacy's projecting lightbox
    and a flat box sign, flyers on the pilasters, air-conditioner units and a satellite dish on the first
    floor, cables clipped along the ground-floor band, a parked scooter with a courier's box, a galvanised
    refuse container and a wheelie bin, the cafe's planters and A-frame board, litter, and water standing in
    the gutter and on a sunk slab. No letter or number anywhere (session 14 by day, session 15 by night:
    reviewers read rendered text as garbled, or as a generated scene's made-up names): the lightboxes and
    the A-frame are blank, no awning print, window vinyls, LED sign or door number."""
    # Session 15: a blank acrylic face at the lettered boxes' 3.0 clips to a flat white hole at night; without
    # ink it is set as bright as a sign's white ground reads beside its letters.
    on = 1.3 if night else 0.35
    # The pharmacy's projecting lightbox (blank: the red E of Turkish pharmacies is a letter).
    sb10_lightbox(-2.8, front - 0.62, 4.7, 0.62, 0.62, 0.14, (0.92, 0.92, 0.9), on, projecting=True)
    # A flat lightbox over the cafe's brick pier (a second line of business), smaller and off-centre.
    sb10_lightbox(3.7, front - 0.04, 4.62, 1.5, 0.38, 0.12, (0.9, 0.86, 0.72), on * 0.8)
    # The bell panel.
    box((0.1, 0.02, 0.28), (-2.39, front - 0.19, 1.55), simple_mat('sb10-bells', (0.55, 0.55, 0.53), 0.3, metallic=0.9), bevel=0.004)
    sb10_flyers(-2.98, -2.22, front - 0.183, 1.1, 2.15, 7, 3)
    sb10_flyers(2.25, 2.6, front - 0.183, 0.9, 1.9, 3, 4)
    # First floor: air conditioners, a dish, cables along the band and up the wall.
    streaks = Sb10Decals(sb10_grime_mat('sb10-ac-streak', (0.22, 0.16, 0.1), 'streak', 0.5), 'sb10-ac-streaks')
    for (ax, az) in ((-5.1, 4.42), (1.2, 4.5), (5.6, 4.4)):
        sb10_ac_unit(ax, front, az, streaks)
    streaks.done()
    sb10_dish(-0.9, front, 4.75, yaw=0.3)
    cable = simple_mat('sb10-cable', (0.02, 0.02, 0.02), 0.5)
    xs = [-12.0]
    while xs[-1] < 12:
        xs.append(xs[-1] + random.uniform(1.2, 3.0))
    pts = []
    for xa_, xb_ in zip(xs, xs[1:]):
        seg = catenary((xa_, front - 0.23, 3.97), (xb_, front - 0.23, 3.97), random.uniform(0.02, 0.09), 8)
        pts += seg if not pts else seg[1:]
    wire(pts, 0.008, cable, 'sb10-cable-band')
    pts2 = []
    for xa_, xb_ in zip(xs[::2], xs[2::2]):
        seg = catenary((xa_, front - 0.25, 3.93), (xb_, front - 0.25, 3.93), random.uniform(0.05, 0.14), 8)
        pts2 += seg if not pts2 else seg[1:]
    wire(pts2, 0.005, simple_mat('sb10-cable2', (0.15, 0.15, 0.14), 0.5), 'sb10-cable-band2')
    wire(catenary((-2.6, front - 0.24, 3.98), (-0.9, front - 0.4, 4.6), 0.12, 10), 0.006, cable, 'sb10-cable-dish')
    wire([(1.6, front - 0.22, 3.98), (1.65, front - 0.05, 4.2), (1.7, front - 0.04, 4.5)], 0.006, cable, 'sb10-cable-ac')
    # On the pavement.
    sb10_scooter(-4.3, 4.4, math.pi + 0.12, (0.05, 0.05, 0.055), box_col=(0.32, 0.06, 0.04))
    sb10_bin(5.15, kerb_y + 0.85, 0.06, (0.5, 0.5, 0.47), kind='container')
    sb10_bin(-1.95, front - 0.65, -0.2, (0.075, 0.1, 0.085))
    sb10_planter(2.95, front - 0.42, 0.8, (0.5, 0.48, 0.45), (0.02, 0.05, 0.015), (0.06, 0.1, 0.03), 7)
    sb10_planter(7.3, front - 0.42, 0.8, (0.5, 0.48, 0.45), (0.025, 0.05, 0.018), (0.07, 0.11, 0.035), 9)
    sb10_aframe(3.55, 4.55, -0.35)
    sb10_litter(-9.0, 9.0, kerb_y + 0.3, front - 0.2, 0.155, 140, 21)
    sb10_litter(-9.0, 9.0, kerb_y - 0.3, kerb_y - 0.02, 0.004, 60, 22)
    sb10_litter(3.5, 4.9, 3.05, 4.35, 0.158, 40, 23)  # leaves on the tree grate
    # Dirt along the gutter and a cast-iron manhole cover in the road, away from the car.
    gut = Sb10Decals(sb10_grime_mat('sb10-gutter-dirt', (0.07, 0.065, 0.055), 'streak', 0.6), 'sb10-gutter-dirt')
    gut.ground(-12.0, 12.0, kerb_y - 0.55, kerb_y - 0.005, 0.0015)
    gut.done()
    # Oil drips where cars stand in the parking lane either side of ours, and a resurfaced utility trench
    # across the foreground (parallel to the kerb; its edges sealed with tar).
    oil = Sb10Decals(sb10_grime_mat('sb10-oil', (0.025, 0.024, 0.023), 'stain', 0.55, rough=0.5), 'sb10-oil')
    for (ox, oy) in ((-5.6, 0.9), (-6.8, 1.1), (5.9, 0.7), (7.2, 1.2)):
        oil.ground(ox - 0.5, ox + 0.5, oy - 0.7, oy + 0.7, 0.0012)
    oil.done()
    if trench and not night:  # (on the wet night road a matte patch read as a painted stripe)
        trench = simple_mat('sb10-trench', (0.07, 0.07, 0.072), 0.8, grain=0.25, grain_scale=3, bump_strength=0.25)
        plane(80, 0.62, (0, -2.9, 0.0008), trench, rot=(0, 0, 0.004))
        tar = simple_mat('sb10-trench-tar', (0.02, 0.02, 0.02), 0.45, grain=0.3)
        for ty in (-2.59, -3.21):
            plane(80, 0.035, (0, ty, 0.001), tar, rot=(0, 0, 0.004))
    mh = cylinder(0.33, 0.02, (mh_at[0], mh_at[1], 0.004), ribbed_mat('sb10-manhole', (0.06, 0.058, 0.055), period=0.03, rough=0.5,
                                                               metallic=0.7, axis='X'), verts=40)
    mh.rotation_euler = (0, 0, 0.4)
    cylinder(0.36, 0.012, (mh_at[0], mh_at[1], 0.002), simple_mat('sb10-manhole-rim', (0.05, 0.05, 0.05), 0.45, metallic=0.6), verts=40)
    wet = Sb10Decals(sb10_puddle_mat('sb10-puddle', 1.0), 'sb10-puddles')
    wet.ground(-6.5, -3.3, kerb_y - 0.75, kerb_y - 0.01, 0.0025)
    wet.ground(4.4, 7.0, kerb_y - 0.6, kerb_y - 0.01, 0.0025)
    if night:
        wet.ground(-1.5, 1.2, kerb_y - 0.45, kerb_y - 0.01, 0.0025)
        wet.ground(1.8, 3.3, 3.0, 3.7, 0.151)
        wet.ground(-3.8, -2.5, 5.0, 5.6, 0.151)
    wet.done()
    if night:
        # The clothes shop is shut for the night: its shutter is down (so one shopfront of three is dark).
        (_, a, b), = [sp for sp in sb10_shop_spans(-2.6, 2.2, [('door', 0.32), ('rail', 1)])[0] if sp[0] == 'rail']
        sb10_shutter(a - 0.12, b + 0.12, front + 0.18, 0.15, 2.9)


# ---- tokyo street (session 8): helpers used only by s_tokyo_street

# Katakana and a few simple kanji as straight strokes in a unit cell (x right, y up): polylines. Real words
# (ラーメン, カラオケ, タバコ, スナック, 山本, ...) so a reader of Japanese sees signs, not noise.
KANA = {
    'ア': [[(.1, .9), (.9, .9), (.62, .58)], [(.5, .72), (.46, .35), (.18, .03)]],
    'イ': [[(.78, .96), (.12, .42)], [(.5, .68), (.5, .0)]],
    'カ': [[(.08, .7), (.86, .7), (.8, .08), (.64, .16)], [(.46, .98), (.4, .42), (.1, .0)]],
    'キ': [[(.1, .74), (.9, .8)], [(.05, .44), (.95, .5)], [(.44, .98), (.56, .0)]],
    'ク': [[(.42, .96), (.1, .55)], [(.34, .8), (.86, .8), (.6, .34), (.2, .0)]],
    'ケ': [[(.32, .98), (.06, .56)], [(.2, .76), (.95, .76)], [(.64, .76), (.52, .3), (.22, .0)]],
    'コ': [[(.12, .86), (.86, .86), (.86, .1), (.1, .1)]],
    'ス': [[(.15, .86), (.8, .86), (.56, .45), (.1, .04)], [(.56, .45), (.92, .06)]],
    'セ': [[(.05, .62), (.95, .7), (.7, .45)], [(.32, .98), (.32, .1), (.9, .1)]],
    'タ': [[(.42, .96), (.1, .58)], [(.34, .8), (.86, .8), (.6, .34), (.2, .0)], [(.3, .52), (.66, .4)]],
    'ト': [[(.36, 1.0), (.36, .0)], [(.36, .6), (.82, .4)]],
    'ナ': [[(.05, .7), (.95, .7)], [(.55, 1.0), (.55, .4), (.25, .0)]],
    'ニ': [[(.2, .78), (.8, .78)], [(.05, .16), (.95, .16)]],
    'ノ': [[(.76, .96), (.6, .45), (.14, .0)]],
    'ハ': [[(.35, .82), (.05, .14)], [(.6, .82), (.95, .14)]],
    'バ': [[(.32, .78), (.04, .12)], [(.56, .78), (.9, .12)], [(.74, .98), (.8, .86)], [(.88, .98), (.94, .86)]],
    'メ': [[(.76, .96), (.6, .45), (.14, .0)], [(.24, .7), (.86, .1)]],
    'ラ': [[(.2, .9), (.8, .9)], [(.1, .64), (.86, .64), (.6, .24), (.2, .0)]],
    'リ': [[(.25, .86), (.25, .34)], [(.75, .96), (.75, .4), (.34, .0)]],
    'ル': [[(.36, .92), (.3, .4), (.05, .04)], [(.6, .96), (.6, .04), (.95, .36)]],
    'レ': [[(.25, .95), (.25, .04), (.9, .45)]],
    'ロ': [[(.14, .86), (.86, .86), (.86, .1), (.14, .1), (.14, .86)]],
    'ン': [[(.12, .86), (.36, .66)], [(.1, .1), (.54, .3), (.9, .86)]],
    'オ': [[(.05, .7), (.95, .7)], [(.6, 1.0), (.6, .0), (.44, .08)], [(.6, .7), (.1, .1)]],
    'ッ': [[(.2, .6), (.3, .44)], [(.45, .64), (.52, .48)], [(.78, .64), (.6, .3), (.3, .04)]],
    'ー': [[(.05, .5), (.95, .5)]],
    '日': [[(.2, .95), (.2, .0)], [(.2, .95), (.8, .95), (.8, .0)], [(.2, .5), (.8, .5)], [(.2, .05), (.8, .05)]],
    '中': [[(.15, .75), (.15, .3)], [(.15, .75), (.85, .75), (.85, .3)], [(.15, .35), (.85, .35)], [(.5, 1.0), (.5, .0)]],
    '本': [[(.05, .72), (.95, .72)], [(.5, 1.0), (.5, .0)], [(.5, .72), (.06, .18)], [(.5, .72), (.94, .18)],
          [(.3, .24), (.7, .24)]],
    '大': [[(.05, .66), (.95, .66)], [(.5, 1.0), (.45, .5), (.05, .0)], [(.5, .55), (.95, .0)]],
    '山': [[(.5, 1.0), (.5, .05)], [(.1, .72), (.1, .05), (.9, .05), (.9, .72)]],
    '川': [[(.2, .95), (.14, .05)], [(.5, .85), (.5, .15)], [(.8, .96), (.8, .0)]],
    '田': [[(.12, .9), (.88, .9), (.88, .06), (.12, .06), (.12, .9)], [(.5, .9), (.5, .06)], [(.12, .48), (.88, .48)]],
    '二': [[(.2, .76), (.8, .76)], [(.05, .18), (.95, .18)]],
    '三': [[(.15, .86), (.85, .86)], [(.25, .5), (.75, .5)], [(.05, .1), (.95, .1)]],
    '丁': [[(.05, .9), (.95, .9)], [(.55, .9), (.55, .0), (.38, .08)]],
    '目': [[(.22, .96), (.22, .0)], [(.22, .96), (.78, .96), (.78, .0)], [(.22, .65), (.78, .65)],
          [(.22, .35), (.78, .35)], [(.22, .04), (.78, .04)]],
}


def kana_text(batch, text, origin, u, v, size, vertical=True, stroke=0.12, depth=0.015):
    """Japanese lettering from straight strokes (`KANA`), as on a Japanese sign: glyphs `size` high on the
    plane spanned by the unit vectors u (right) and v (up), standing `depth` proud along u x v (towards the
    reader); `origin` is the first glyph's lower left; vertical text runs down, horizontal text to the
    right. Returns the length used along the writing direction."""
    import bmesh
    from mathutils import Matrix
    u, v = Vector(u), Vector(v)
    n = u.cross(v)
    o = Vector(origin)
    t = stroke * size
    step = size * (1.1 if vertical else 1.04)
    for ch in text:
        strokes = KANA.get(ch, [])
        if ch == 'ー' and vertical:
            strokes = [[(.5, .92), (.5, .08)]]
        for line in strokes:
            for (a0, b0), (a1, b1) in zip(line, line[1:]):
                p0 = o + u * (a0 * size) + v * (b0 * size)
                p1 = o + u * (a1 * size) + v * (b1 * size)
                beam(batch, p0 + n * (depth / 2), p1 + n * (depth / 2), t, depth, n)
        o = o - v * step if vertical else o + u * step
    return step * len(text)


def beam(batch, p0, p1, t, depth, n):
    """A bar from p0 to p1 (overshooting each end by t / 2, so bars meeting at a point join), t wide and
    `depth` thick along the unit vector n (perpendicular to the bar)."""
    import bmesh
    from mathutils import Matrix
    p0, p1, n = Vector(p0), Vector(p1), Vector(n)
    d = p1 - p0
    dh = d.normalized()
    w = dh.cross(n)
    mid = (p0 + p1) / 2
    cols = (dh * (d.length + t), n * depth, w * t)
    mtx = Matrix(tuple((cols[0][i], cols[1][i], cols[2][i], mid[i]) for i in range(3)) + ((0, 0, 0, 1),))
    bmesh.ops.create_cube(batch.bm, size=1.0, matrix=mtx)


def mamachari(x, y, facing=1):
    """A Japanese step-through city bicycle parked side-on along X at depth y: 26-inch wheels (black tyres on
    steel rims), a low frame, a wire basket at the front, a saddle, upright handlebars."""
    tyre = simple_mat('tyre', (0.02, 0.02, 0.02), 0.7)
    metal = Batch(simple_mat('bike-frame', random.choice([(0.55, 0.56, 0.57), (0.05, 0.05, 0.05), (0.5, 0.08, 0.06)]),
                             0.3, metallic=0.8, grain=0.04), 'bike-frame')
    f = facing
    rear, front = Vector((x - f * 0.56, y, 0.34)), Vector((x + f * 0.56, y, 0.34))
    for hub in (rear, front):
        t = obj_from(bpy.ops.mesh.primitive_torus_add, major_radius=0.315, minor_radius=0.022, location=hub,
                     rotation=(math.pi / 2, 0, 0), major_segments=48, minor_segments=8)
        t.data.materials.append(tyre)
    bb = Vector((x - f * 0.05, y, 0.3))
    head = Vector((x + f * 0.42, y, 0.88))
    seat = Vector((x - f * 0.22, y, 0.92))
    side = Vector((0, 1, 0))
    for a, b in ((head, bb), (bb, seat), (bb, rear), (seat, rear), (head, front), (head, head + Vector((0, 0, 0.22))),
                 (bb + Vector((f * 0.15, 0, 0.08)), head + Vector((-f * 0.08, 0, -0.1)))):
        beam(metal, a, b, 0.03, 0.03, side)
    bar = head + Vector((0, 0, 0.22))
    beam(metal, bar + Vector((-f * 0.12, -0.28, 0)), bar + Vector((-f * 0.12, 0.28, 0)), 0.022, 0.022, Vector((0, 0, 1)))
    for s in (-1, 1):
        beam(metal, bar, bar + Vector((-f * 0.12, s * 0.28, 0)), 0.022, 0.022, Vector((0, 0, 1)))
    # The basket: a wire box over the front wheel.
    bc = front + Vector((-f * 0.02, 0, 0.6))
    for dz in (-0.12, 0.12):
        for dy in (-0.15, 0.15):
            beam(metal, bc + Vector((-0.18, dy, dz)), bc + Vector((0.18, dy, dz)), 0.008, 0.008, Vector((0, 0, 1)))
        for dx in (-0.18, -0.06, 0.06, 0.18):
            beam(metal, bc + Vector((dx, -0.15, dz)), bc + Vector((dx, 0.15, dz)), 0.008, 0.008, Vector((0, 0, 1)))
    for dx in (-0.18, -0.09, 0.0, 0.09, 0.18):
        for dy in (-0.15, 0.15):
            beam(metal, bc + Vector((dx, dy, -0.12)), bc + Vector((dx, dy, 0.12)), 0.008, 0.008, Vector((1, 0, 0)))
    metal.done()
    box((0.26, 0.16, 0.07), tuple(seat + Vector((0, 0, 0.05))), simple_mat('saddle', (0.04, 0.035, 0.03), 0.5), bevel=0.02)


def lit_sign_mat(name, color, strength, rng_tone=0.08):
    """The face of a back-lit plastic sign: light through white or tinted acrylic, a little brighter at the
    middle where the tubes are, under a faint gloss."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    tone = ramp(nt, noise(nt, c, 1.2, 3, 0.5), [(0.3, tuple(x * (1 - rng_tone) for x in color)),
                                                 (0.7, tuple(min(1, x * (1 + rng_tone)) for x in color))])
    principled(nt, out, tone, 0.25, 0.5, emission=tone, emission_strength=strength)
    return no_light_sampling(m)


def ribbed_mat(name, color, period=0.075, rough=0.45, metallic=0.6, axis='Z'):
    """Steel with pressed ribs across `axis` (a roll shutter's slats, corrugated siding): bands in the bump,
    dust settled in the grooves, rain streaks down it."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    wv = nt.nodes.new('ShaderNodeTexWave')
    wv.wave_type = 'BANDS'
    wv.bands_direction = axis
    wv.wave_profile = 'SIN'
    link(nt, c, wv.inputs['Vector'])
    wv.inputs['Scale'].default_value = 0.314 / period
    streak = noise(nt, math_node_vec_scale(nt, c, (4.0, 4.0, 0.3)), 2.0, 5, 0.6)
    col = ramp(nt, streak, [(0.35, tuple(x * 0.78 for x in color)), (0.7, color)])
    col = mix_rgb(nt, 1.0, col, ramp(nt, wv.outputs['Fac'], [(0.0, (0.75, 0.75, 0.75)), (0.5, (1, 1, 1))]), 'MULTIPLY')
    principled(nt, out, col, rough, 0.5, metallic, bump(nt, wv.outputs['Fac'], 0.5, 0.01))
    return m


def hazard_sleeve_mat():
    """The yellow and black diagonal stripes of a utility pole's reflective guard sleeve, scuffed."""
    m, nt, out = new_mat('pole-sleeve')
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    diag = math_node(nt, 'FRACT', math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', sep.outputs['Z'], sep.outputs['X']), 3.3))
    stripe = math_node(nt, 'GREATER_THAN', diag, 0.5)
    col = mix_rgb(nt, stripe, (0.025, 0.025, 0.025), (0.62, 0.45, 0.03))
    dirt = ramp(nt, noise(nt, c, 6, 5, 0.6), [(0.4, (0.7, 0.68, 0.64)), (0.7, (1, 1, 1))])
    principled(nt, out, mix_rgb(nt, 1.0, col, dirt, 'MULTIPLY'), 0.45, 0.5)
    return m


def wire(pts, radius, mat, name='wire'):
    """An overhead cable through points (a poly spline with a round bevel)."""
    cu = bpy.data.curves.new(name, 'CURVE')
    cu.dimensions = '3D'
    cu.bevel_depth = radius
    cu.bevel_resolution = 2
    sp = cu.splines.new('POLY')
    sp.points.add(len(pts) - 1)
    for p, q in zip(sp.points, pts):
        p.co = (*q, 1.0)
    o = bpy.data.objects.new(name, cu)
    sc.collection.objects.link(o)
    cu.materials.append(mat)
    return o


def catenary(a, b, sag, n=24):
    """Points of a cable hung from a to b, sagging `sag` metres at mid-span (a parabola is close enough)."""
    a, b = Vector(a), Vector(b)
    return [tuple(a + (b - a) * (i / n) - Vector((0, 0, sag * 4 * (i / n) * (1 - i / n)))) for i in range(n + 1)]


def tk_pole(x, y, lamp=True, plate=None):
    """A Japanese concrete utility pole (tapering, 12 m, step bolts from 2.2 m, a yellow-black guard sleeve at
    the foot, a blue address plate), with a small LED street lamp on a bracket arm over the road. Returns the
    points the cables hang from."""
    conc = plaster_mat('pole-concrete', (0.52, 0.52, 0.5), 0.75, streaks=True)
    o = obj_from(bpy.ops.mesh.primitive_cone_add, radius1=0.19, radius2=0.12, depth=12.0, location=(x, y, 6.0),
                 vertices=24)
    bpy.ops.object.shade_smooth()
    o.data.materials.append(conc)
    sleeve = obj_from(bpy.ops.mesh.primitive_cone_add, radius1=0.2, radius2=0.194, depth=1.8, location=(x, y, 1.0),
                      vertices=24)
    bpy.ops.object.shade_smooth()
    sleeve.data.materials.append(hazard_sleeve_mat())
    steel = simple_mat('pole-steel', (0.32, 0.32, 0.31), 0.5, metallic=0.8, grain=0.15)
    for k in range(14):
        z = 2.3 + k * 0.45
        r = 0.19 - 0.07 * z / 12.0
        a = math.pi / 2 * (1 if k % 2 else -1)
        cylinder(0.011, 0.22, (x + math.cos(a) * (r + 0.1), y, z), steel, rot=(0, math.pi / 2, 0), verts=8)
    if plate:
        bg, fg = plate
        sign = simple_mat('plate', bg, 0.35, grain=0.05)
        box((0.26, 0.03, 0.9), (x, y - 0.2, 2.6), sign, bevel=0.01)
        ink = Batch(simple_mat('plate-ink', fg, 0.4), 'plate-ink')
        kana_text(ink, '山本二丁目', (x - 0.075, y - 0.216, 2.92), (1, 0, 0), (0, 0, 1), 0.15, True, stroke=0.13,
                  depth=0.004)
        ink.done()
    if lamp:
        cylinder(0.03, 1.1, (x, y - 0.55, 4.75), steel, rot=(math.radians(80), 0, 0), verts=10)
        box((0.2, 0.45, 0.08), (x, y - 1.15, 4.85), steel, bevel=0.02)
        lens = plane(0.16, 0.36, (x, y - 1.15, 4.805), no_light_sampling(emission_mat('led', (0.95, 0.95, 1.0), 30.0)),
                     rot=(math.pi, 0, 0))
        camera_only(lens)
        spot_light((x, y - 1.15, 4.78), 300, (x, y - 1.6, 0), angle_deg=120, blend=0.8, color=(0.95, 0.95, 1.0),
                   radius=0.1)
    return [(x, y, 8.6), (x, y, 7.9), (x, y + 0.2, 5.6), (x, y - 0.2, 5.3)]


def tk_vending(x, y, body_col, tag):
    """A Japanese drinks vending machine (0.95 x 0.72 x 1.83 m) at depth y: painted body, a lit display of
    three rows of bottles and cans behind glass with small lit buttons under each, the coin unit, the
    take-out slot; an area lamp in its window throws its glow onto the ground."""
    w, d, h = 0.95, 0.72, 1.83
    body = simple_mat('vm-body-' + tag, body_col, 0.3, grain=0.03)
    box((w, d, h), (x, y + d / 2, h / 2), body, bevel=0.015)
    box((w, 0.12, 0.72), (x, y - 0.06, 1.35), body, bevel=0.01)
    back = no_light_sampling(emission_mat('vm-back', (0.92, 0.95, 1.0), 2.2))
    plane(0.84, 0.62, (x, y - 0.125, 1.35), back, rot=(math.pi / 2, 0, 0))
    drinks = [simple_mat('drink%d' % i, c, 0.25, grain=0.1) for i, c in enumerate(
        [(0.6, 0.05, 0.04), (0.85, 0.8, 0.7), (0.1, 0.25, 0.55), (0.15, 0.35, 0.1), (0.8, 0.55, 0.1), (0.05, 0.05, 0.05)])]
    btn = no_light_sampling(emission_mat('vm-btn', (0.3, 0.6, 1.0), 4.0))
    shelf = Batch(simple_mat('vm-shelf', (0.8, 0.8, 0.8), 0.4), 'vm-shelf-' + tag)
    for r, z in enumerate((1.08, 1.29, 1.5)):
        shelf.box((0.84, 0.1, 0.035), (x, y - 0.17, z - 0.02))
        for k in range(8):
            bx = x - 0.365 + k * 0.104
            hh = random.choice((0.12, 0.14, 0.17))
            cylinder(random.choice((0.028, 0.032)), hh, (bx, y - 0.17, z + hh / 2), random.choice(drinks), verts=12)
            box((0.03, 0.01, 0.014), (bx, y - 0.225, z - 0.02), btn, bevel=0)
    shelf.done()
    plane(0.86, 0.66, (x, y - 0.215, 1.35), shop_glass_mat('vm-glass'), rot=(math.pi / 2, 0, 0))
    dark = simple_mat('vm-dark', (0.02, 0.02, 0.022), 0.4)
    box((0.62, 0.06, 0.2), (x - 0.08, y - 0.02, 0.28), dark, bevel=0.01)
    box((0.18, 0.05, 0.34), (x + 0.33, y - 0.02, 0.86), simple_mat('vm-coin', (0.55, 0.56, 0.57), 0.3, metallic=0.9),
        bevel=0.01)
    box((0.5, 0.03, 0.3), (x - 0.14, y - 0.01, 0.8), lit_sign_mat('vm-ad', (0.9, 0.3, 0.1), 0.6), bevel=0.005)
    a = area_light((x, y - 0.3, 1.35), 0.8, 10.0, (0.9, 0.95, 1.0), size_y=0.6, target=(x, y - 3.0, 0.5))
    a.visible_glossy = False


def railing(batch, x0, x1, y, z, h, spacing=0.11, bars=True):
    """A steel or aluminium railing along X at depth y from z to z + h: top and bottom rails and balusters
    every `spacing` (bars=False: three horizontal rails instead, as on Turkish balconies)."""
    cx = (x0 + x1) / 2
    w = x1 - x0
    batch.box((w, 0.05, 0.04), (cx, y, z + h))
    batch.box((w, 0.03, 0.03), (cx, y, z + 0.08))
    if bars:
        n = max(1, int(w / spacing))
        for k in range(n + 1):
            batch.box((0.016, 0.016, h - 0.08), (x0 + k * w / n, y, z + 0.04 + h / 2))
    else:
        for zz in (0.38, 0.66):
            batch.box((w, 0.025, 0.025), (cx, y, z + h * zz))
        for xx in (x0, x1):
            batch.box((0.04, 0.04, h), (xx, y, z + h / 2))


def tk_window(frames, panes, rails, x, y, z, w, h, rail=False):
    """A sliding sash as Japanese (and, in white PVC, Turkish) buildings have them, on a wall whose face is at
    depth y: a frame standing 10 cm out of the wall (the glass reads set back in it), two sashes
    overlapping at the middle (the right one 3 cm further out), optionally a steel railing across the
    lower part in front."""
    f = 0.045
    yf = y - 0.05
    frames.box((w + 0.06, 0.1, f), (x, yf, z + f / 2))
    frames.box((w + 0.06, 0.1, f), (x, yf, z + h - f / 2))
    frames.box((f, 0.1, h), (x - w / 2 - 0.03 + f / 2, yf, z + h / 2))
    frames.box((f, 0.1, h), (x + w / 2 + 0.03 - f / 2, yf, z + h / 2))
    for s, ys in ((-1, y - 0.03), (1, y - 0.06)):
        sx = x + s * w / 4
        frames.box((0.035, 0.03, h - 2 * f), (x + s * 0.02, ys, z + h / 2))
        panes.box((w / 2 - 0.04, 0.008, h - 2 * f - 0.02), (sx, ys, z + h / 2),
                  rot_z=random.gauss(0, 0.005), rot_x=random.gauss(0, 0.005))
    if rail:
        top = z + min(0.9, h * 0.45)
        railing(rails, x - w / 2 - 0.05, x + w / 2 + 0.05, y - 0.17, z + 0.0, top - z)
        for s in (-1, 1):
            rails.box((0.03, 0.15, 0.03), (x + s * (w / 2 + 0.03), y - 0.09, top))


def tk_glass_mat(name, lit):
    """Windows at dusk: glass (a sharp Fresnel reflection, 4 % head-on) over drawn curtains hanging in
    vertical folds; `lit`: the room behind is lit warm and the light comes through the folds, else the
    curtain is a dim grey."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    folds = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (9.0, 9.0, 0.15)), 3.0, 3, 0.5),
                 [(0.3, (0.55, 0.55, 0.55)), (0.7, (1, 1, 1))])
    glow = mix_rgb(nt, 1.0, (1.0, 0.72, 0.45) if lit else (0, 0, 0), folds, 'MULTIPLY')
    p = principled(nt, out, mix_rgb(nt, 1.0, (0.08, 0.08, 0.085), folds, 'MULTIPLY'), 0.8, 0.2,
                   emission=glow, emission_strength=random.uniform(0.6, 1.0))
    glass_over(nt, out, p.outputs[0], 0.04)
    return no_light_sampling(m)


def tk_ac_unit(x, y, z):
    """An air conditioner's outdoor unit on a wall bracket: an ivory box with a fan grille, its pipes in an
    ivory duct running up to the wall."""
    ivory = simple_mat('ac', (0.72, 0.71, 0.66), 0.45, grain=0.06)
    box((0.8, 0.28, 0.55), (x, y - 0.2, z + 0.3), ivory, bevel=0.02)
    cylinder(0.2, 0.02, (x - 0.1, y - 0.345, z + 0.3), simple_mat('ac-grille', (0.08, 0.08, 0.08), 0.6),
             rot=(math.pi / 2, 0, 0), verts=24)
    steel = simple_mat('ac-bracket', (0.3, 0.3, 0.3), 0.5, metallic=0.7)
    for s in (-1, 1):
        box((0.04, 0.36, 0.04), (x + s * 0.33, y - 0.18, z), steel, bevel=0)
    box((0.08, 0.07, 1.2), (x + 0.48, y - 0.035, z + 0.8), ivory, bevel=0.01)


def tk_sign_vertical(x, y, z0, text, face_col, ink_col, project=True, width=0.5, strength=1.0):
    """A tall back-lit sign with vertical lettering, as long as its text, from z0 up: `project`: a box
    standing out from the wall at x (its faces turned across the street, lettering on both), else a panel
    flat on the wall facing the street."""
    face = lit_sign_mat('vsign-' + text, face_col, strength)
    ink = Batch(simple_mat('vsign-ink-' + text, ink_col, 0.35), 'vsign-ink')
    size = width * 0.62
    height = len(text) * size * 1.1 + 0.25
    zc = z0 + height / 2
    zt = z0 + height - 0.12 - size
    steel = simple_mat('bracket', (0.08, 0.08, 0.08), 0.4, metallic=0.7)
    if project:
        th = 0.22
        yc = y - 0.18 - width / 2
        box((th, width, height), (x, yc, zc), face, bevel=0.012)
        for zz in (z0 + 0.2, z0 + height - 0.2):
            box((0.05, 0.2, 0.05), (x, y - 0.1, zz), steel, bevel=0)
        for s in (-1, 1):
            u = (0, 1, 0) if s > 0 else (0, -1, 0)
            ox = x + s * th / 2
            oy = yc - s * size / 2
            kana_text(ink, text, (ox, oy, zt), u, (0, 0, 1), size, True)
    else:
        box((width, 0.14, height), (x, y - 0.07, zc), face, bevel=0.012)
        kana_text(ink, text, (x - size / 2, y - 0.14, zt), (1, 0, 0), (0, 0, 1), size, True)
    ink.done()


def tk_facade_wall(kind, col, name):
    """The wall finish of one building: 'tile' (brick-format tiles, the commonest Tokyo finish), 'panel'
    (painted ALC panels, 60-cm courses with sealed joints) or 'mortar' (painted render, rain-streaked)."""
    if kind == 'tile':
        return brick_mat(name + '-tile', col, mortar=(0.55, 0.53, 0.5))
    if kind == 'panel':
        return cladding_mat(name + '-alc', col, panel=(2.4, 0.6), joint=0.01, rough=0.8)
    return plaster_mat(name + '-mortar', col, 0.85, streaks=True)


def tk_building(x0, x1, y, h, wall, storey, ground, name, windows=(1.6, 1.15), rails=0.4, ac=0.3):
    """A 2-4 storey Tokyo building: a wall body from `ground` up (the ground floor is built by the caller),
    a row of aluminium sashes per storey, some with railings, air-conditioner units on brackets, a parapet
    with an aluminium coping."""
    w = x1 - x0
    cx = (x0 + x1) / 2
    walls = Batch(wall, name + '-walls')
    frames = Batch(simple_mat(name + '-sash', (0.62, 0.62, 0.6), 0.3, metallic=0.85, grain=0.03), name + '-sash')
    panes = Batch(tk_glass_mat(name + '-glass', True), name + '-panes')
    dark = Batch(tk_glass_mat(name + '-glass-dark', False), name + '-panes-dark')
    railb = Batch(simple_mat(name + '-rail', (0.18, 0.18, 0.17), 0.4, metallic=0.7), name + '-rails')
    walls.box((w, 8.0, h - ground), (cx, y + 4.0, ground + (h - ground) / 2))
    box((w + 0.04, 0.3, 0.06), (cx, y + 0.1, h + 0.03), simple_mat('coping', (0.6, 0.6, 0.6), 0.3, metallic=0.8),
        bevel=0.005)
    ww, wh = windows
    n = max(1, int(w / (ww + 0.9)))
    z = ground
    while z + storey <= h - 0.3:
        for i in range(n):
            wx = x0 + (i + 0.5) * w / n
            tk_window(frames, panes if random.random() < 0.5 else dark, railb, wx, y, z + 0.75, ww, wh,
                      rail=random.random() < rails)
            if random.random() < ac:
                tk_ac_unit(wx + (ww / 2 + 0.55) * random.choice((-1, 1)), y, z + 0.25)
        z += storey
    for b in (walls, frames, panes, dark, railb):
        b.done()


def tk_ground_floor(kind, x0, x1, y, gh, wall, name, text=''):
    """The ground floor of a Tokyo plot: 'izakaya' (a dark timber front, sliding lattice doors glowing
    warm, a noren over the door, a red paper lantern), 'shop' (aluminium shopfront into a lit shop built in
    3D, a back-lit fascia), 'shutter' (a steel roll shutter pulled down beside a steel door to the stairs)."""
    w = x1 - x0
    cx = (x0 + x1) / 2
    walls = Batch(wall, name + '-gwalls')
    walls.box((w, 0.3, gh - 2.6), (cx, y + 0.15, 2.6 + (gh - 2.6) / 2))
    walls.box((0.35, 0.3, 2.6), (x0 + 0.175, y + 0.15, 1.3))
    walls.box((0.35, 0.3, 2.6), (x1 - 0.175, y + 0.15, 1.3))
    a, b = x0 + 0.35, x1 - 0.35
    walls.box((b - a, 6.0, 0.3), (cx, y + 3.5, gh - 0.15))  # soffit/ceiling behind the front
    ink = Batch(simple_mat(name + '-ink', (0.9, 0.88, 0.82) if kind == 'izakaya' else (0.7, 0.06, 0.04), 0.4),
                name + '-ink')
    if kind == 'izakaya':
        wood = simple_mat(name + '-wood', (0.1, 0.06, 0.035), 0.6, grain=0.25, grain_scale=3, bump_strength=0.15)
        wd = Batch(wood, name + '-timber')
        wd.box((b - a, 0.2, 0.35), (cx, y + 0.15, 2.45))
        glow = lit_sign_mat(name + '-shoji', (1.0, 0.66, 0.36), 0.6, 0.3)
        plane(b - a, 2.3, (cx, y + 0.32, 1.15), glow, rot=(math.pi / 2, 0, 0))
        xx = a
        while xx < b:
            wd.box((0.028, 0.04, 2.28), (xx, y + 0.26, 1.14))
            xx += 0.07
        for z in (0.02, 0.9, 2.26):
            wd.box((b - a, 0.06, 0.05), (cx, y + 0.24, z))
        for xx in (a + (b - a) / 3, a + 2 * (b - a) / 3):
            wd.box((0.07, 0.08, 2.3), (xx, y + 0.22, 1.15))
        wd.done()
        # The noren: four cloth panels from a rod over the door, the shop's name across them.
        dx = b - 1.35
        navy = simple_mat(name + '-noren', (0.018, 0.025, 0.06), 0.9, grain=0.12, grain_scale=8, bump_strength=0.3)
        cylinder(0.015, 1.9, (dx, y - 0.05, 2.28), simple_mat('rod', (0.15, 0.1, 0.06), 0.5), rot=(0, math.pi / 2, 0),
                 verts=8)
        for k in range(4):
            px = dx - 0.7 + k * 0.467
            box((0.44, 0.008, 0.82), (px, y - 0.05, 1.86), navy, bevel=0, rot=(random.gauss(0.04, 0.02), 0, 0))
            if k < len(text):
                kana_text(ink, text[k], (px - 0.11, y - 0.07, 1.86), (1, 0, 0), (0, 0, 1), 0.22, stroke=0.13,
                          depth=0.004)
        # The red paper lantern beside the door, lit from inside.
        lx = b - 0.2
        lan = sphere(0.21, (lx, y - 0.35, 2.0), no_light_sampling(emission_mat(name + '-lantern', (1.0, 0.12, 0.04), 2.5)),
                     subdiv=4)
        lan.scale = (1.0, 1.0, 1.45)
        black = simple_mat('lantern-cap', (0.02, 0.02, 0.02), 0.4)
        for zz in (1.71, 2.29):
            cylinder(0.13, 0.05, (lx, y - 0.35, zz), black, verts=20)
        box((0.02, 0.02, 0.35), (lx, y - 0.35, 2.45), black, bevel=0)
        box((0.02, 0.36, 0.02), (lx, y - 0.18, 2.6), black, bevel=0)
        lan_ink = Batch(black, name + '-lantern-ink')
        kana_text(lan_ink, '大山', (lx - 0.07, y - 0.562, 2.08), (1, 0, 0), (0, 0, 1), 0.14, stroke=0.14, depth=0.008)
        lan_ink.done()
        area_light((dx, y - 0.3, 2.2), 1.6, 35.0, (1.0, 0.7, 0.42), size_y=0.4, target=(dx, y - 3.0, 0.0))
    elif kind == 'shop':
        alu = simple_mat(name + '-alu', (0.6, 0.6, 0.58), 0.3, metallic=0.85, grain=0.03)
        fr = Batch(alu, name + '-shopframe')
        gx = y + 0.25
        shop_interior(a, b, gx + 0.05, gh - 0.1, True, 'shelves', (0.95, 0.97, 1.0))
        fr.box((b - a, 0.1, 0.12), (cx, gx, 0.16))
        fr.box((b - a, 0.1, 0.08), (cx, gx, 2.3))
        n = max(2, int((b - a) / 1.2))
        for k in range(n + 1):
            fr.box((0.05, 0.1, 2.2), (a + k * (b - a) / n, gx, 1.2))
        fr.done()
        plane(b - a, 2.2, (cx, gx + 0.02, 1.2), shop_glass_mat(name + '-glass'), rot=(math.pi / 2, 0, 0))
        # Posters and price cards stuck inside the glass (a tobacco shop's window is never bare).
        for k in range(random.randint(4, 7)):
            pw, ph = random.choice(((0.42, 0.6), (0.3, 0.42), (0.6, 0.3), (0.21, 0.3)))
            px = random.uniform(a + 0.3, b - 0.3)
            pz = random.choice((random.uniform(1.7, 2.0), random.uniform(0.5, 0.8)))
            paper = lit_sign_mat(name + '-poster%d' % k, random.choice([(0.8, 0.78, 0.72), (0.7, 0.12, 0.08), (0.1, 0.2, 0.45),
                                                                         (0.85, 0.7, 0.15), (0.9, 0.9, 0.88)]), 0.35, 0.2)
            plane(pw, ph, (px, gx + 0.05, pz), paper, rot=(math.pi / 2, 0, 0))
            word = random.choice(('タバコ', 'カレー', 'セール', 'ラーメン'))
            gs = min(pw / (len(word) * 1.1), ph * 0.3)
            kana_text(ink, word, (px - gs * 1.04 * len(word) / 2, gx + 0.045, pz + ph * 0.1), (1, 0, 0), (0, 0, 1), gs,
                      False, stroke=0.14, depth=0.002)
        face = lit_sign_mat(name + '-fascia', (0.95, 0.95, 0.9), 1.0)
        box((b - a + 0.5, 0.16, 0.55), (cx, y - 0.08, gh - 0.25), face, bevel=0.01)
        size = 0.36
        kana_text(ink, text, (cx - size * 1.04 * len(text) / 2, y - 0.16, gh - 0.43), (1, 0, 0), (0, 0, 1), size,
                  False, stroke=0.13)
    else:
        steel = simple_mat(name + '-door', (0.35, 0.36, 0.36), 0.4, metallic=0.5, grain=0.08)
        sw = (b - a) * 0.7
        plane(sw, 2.4, (a + sw / 2, y + 0.2, 1.2), ribbed_mat(name + '-shutter', (0.55, 0.56, 0.55)),
              rot=(math.pi / 2, 0, 0))
        box((sw + 0.1, 0.35, 0.32), (a + sw / 2, y + 0.05, 2.5), steel, bevel=0.01)
        walls.box((0.3, 0.3, 2.6), (a + sw + 0.15, y + 0.15, 1.3))
        dw = b - a - sw - 0.3
        box((dw - 0.1, 0.05, 2.1), (b - dw / 2, y + 0.28, 1.05), steel, bevel=0.005)
        box((0.03, 0.05, 0.18), (b - dw + 0.12, y + 0.23, 1.0), simple_mat('handle', (0.7, 0.7, 0.7), 0.2, metallic=1.0),
            bevel=0)
        plane(dw, 0.4, (b - dw / 2, y + 0.3, 2.4), window_glass_mat(name + '-fan', True, 1.0), rot=(math.pi / 2, 0, 0))
        plane(0.3, 0.08, (b - dw / 2, y - 0.02, 2.52), no_light_sampling(emission_mat('bulkhead', (1.0, 0.95, 0.85), 6.0)),
              rot=(math.pi / 2, 0, 0))
        area_light((b - dw / 2, y - 0.1, 2.5), 0.3, 6.0, (1.0, 0.92, 0.8), size_y=0.1, target=(b - dw / 2, y - 1.5, 0))
    walls.done()
    ink.done()


def s_tokyo_street():
    """A narrow Tokyo side street at dusk (session 8): the sky a fading blue, signs, shops and the vending
    machines lit, the asphalt damp after rain. The street runs across the frame: the car on it, a worn white
    edge line behind it, the concrete lids of the side ditch, then plots of 2-4 storeys built right up to
    the street with small forecourts: brick-format tile, painted ALC panels and render; aluminium sashes,
    air-conditioner units, railings; an izakaya with a noren and a red lantern, a small lit shop, a roll
    shutter and a stair door; back-lit vertical signs with katakana and kanji (`kana_text`), a concrete
    utility pole with its street lamp and sagging cables, two drinks vending machines in a gap between
    buildings. Shot as the city street is: 38 mm at 7 m, 1.3 m high, level, f/4."""
    extra = {'night': True, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    world_sky(-1.5, 290, 3.0, air=1.2, dust=1.5, sun_disc=False)
    key(250, 40, 0.8, (0.8, 0.85, 1.0))
    plane(6000, 6000, (0, 0, 0), street_asphalt_mat((0.07, 0.07, 0.072), wet=True))
    plane(80, 0.15, (0, 2.25, 0.003), worn_paint_mat('edge-line', (0.75, 0.74, 0.7)))
    # The side ditch: precast concrete lids 50 cm long, every fourth a steel grating.
    lid = plaster_mat('ditch-lid', (0.42, 0.41, 0.39), 0.85, streaks=False)
    lids = Batch(lid, 'ditch-lids')
    grates = Batch(simple_mat('grating', (0.05, 0.05, 0.05), 0.5, metallic=0.6, grain=0.2), 'gratings')
    x = -40.0
    k = 0
    while x < 40:
        if k % 4 == 3:
            for j in range(12):
                grates.box((0.025, 0.42, 0.03), (x + 0.03 + j * 0.04, 3.18, 0.0))
        else:
            lids.box((0.495, 0.45, 0.04), (x + 0.25, 3.18, 0.0 + random.uniform(-0.004, 0.004)),
                     rot_z=random.gauss(0, 0.003))
        x += 0.5
        k += 1
    lids.done()
    grates.done()
    fore = floor_material('stone-paving', (0.45, 0.44, 0.42))
    plane(80, 8.0, (0, 3.4 + 4.0, 0.03), fore)
    # The plots: (x0, x1, facade depth, height, storey, wall kind, colour, ground floor, its text).
    plots = [
        (-22.0, -9.4, 5.2, 9.6, 3.0, 'mortar', (0.7, 0.68, 0.62), 'shutter', ''),
        (-9.4, -3.0, 5.4, 10.2, 3.0, 'tile', (0.4, 0.27, 0.19), 'izakaya', '大山'),
        (-2.7, 2.6, 6.0, 13.0, 2.9, 'panel', (0.66, 0.64, 0.6), 'shop', 'タバコ'),
        (2.6, 9.0, 5.6, 7.0, 2.9, 'mortar', (0.56, 0.6, 0.62), 'shutter', ''),
        (9.0, 22.0, 5.3, 11.5, 3.1, 'tile', (0.72, 0.66, 0.56), 'shop', 'カレー'),
    ]
    for i, (a, b, y, h, storey, wk, col, gk, txt) in enumerate(plots):
        wall = tk_facade_wall(wk, col, 'tk%d' % i)
        gh = 3.0
        tk_ground_floor(gk, a, b, y, gh, wall, 'tk%d' % i, txt)
        tk_building(a, b, y, h, wall, storey, gh, 'tk%d' % i, windows=(random.uniform(1.4, 1.8), random.uniform(1.0, 1.3)))
    # The narrow gap between two plots: a dark passage.
    box((0.3, 0.2, 12.0), (-2.85, 9.0, 6.0), plaster_mat('gap-wall', (0.3, 0.3, 0.29), 0.9), bevel=0)
    # Two drinks vending machines and recycling bins in front of the shuttered shop.
    tk_vending(4.45, 4.85, (0.82, 0.82, 0.8), 'a')
    tk_vending(5.45, 4.85, (0.55, 0.06, 0.05), 'b')
    for bx, bc in ((6.15, (0.85, 0.85, 0.82)), (6.55, (0.1, 0.25, 0.55))):
        box((0.36, 0.34, 0.72), (bx, 5.2, 0.39), simple_mat('bin', bc, 0.45, grain=0.05), bevel=0.03)
    # Signs: back-lit boxes flat on the walls, two standing out from them.
    tk_sign_vertical(-3.65, 5.4, 3.1, 'スナック', (0.95, 0.94, 0.9), (0.6, 0.05, 0.1), project=False, width=0.55)
    tk_sign_vertical(-5.6, 5.4, 2.9, 'カラオケ', (0.95, 0.78, 0.2), (0.05, 0.05, 0.08))
    tk_sign_vertical(-2.42, 6.0, 3.3, 'ラーメン', (0.85, 0.1, 0.06), (0.95, 0.92, 0.85), project=False, width=0.5)
    tk_sign_vertical(4.7, 5.6, 3.0, '中川', (0.1, 0.35, 0.7), (0.95, 0.95, 0.95), project=False, width=0.6)
    tk_sign_vertical(9.3, 5.3, 3.2, 'クリーニング', (0.95, 0.95, 0.95), (0.1, 0.3, 0.65))
    # Two city bicycles parked against the izakaya's front, side-on.
    mamachari(-6.6, 4.85, 1)
    mamachari(-5.0, 4.95, -1)
    # A traffic mirror on an orange post at the street's edge, left of the car.
    orange = simple_mat('mirror-post', (0.8, 0.25, 0.04), 0.4, grain=0.08)
    cylinder(0.038, 3.0, (-4.4, 2.95, 1.5), orange, verts=16)
    m_, nt_, out_ = new_mat('convex-mirror')
    principled(nt_, out_, (0.9, 0.9, 0.9), 0.03, 0.5, 1.0)
    for r, dy, mat in ((0.34, 0.0, orange), (0.3, -0.02, m_)):
        cylinder(r, 0.04, (-4.4, 2.9 + dy, 2.75), mat, rot=(math.radians(90), 0, math.radians(-25)), verts=40)
    box((0.08, 0.12, 0.08), (-4.4, 2.93, 2.75), orange, bevel=0.01)
    # The utility pole right of the car at the street's edge, and its cables along the street.
    tops = tk_pole(2.9, 3.05, plate=((0.08, 0.2, 0.55), (0.92, 0.92, 0.92)))
    cable = simple_mat('cable', (0.015, 0.015, 0.015), 0.4)
    for p, sag, r in zip(tops, (0.5, 0.6, 0.9, 1.0), (0.012, 0.012, 0.02, 0.03)):
        for far, s in ((-28.0, 1.0), (34.0, 1.1)):
            wire(catenary(p, (far, p[1], p[2] + random.uniform(-0.2, 0.2)), sag * s), r, cable)
    # Service drops from the pole to the buildings.
    for end in ((-1.2, 6.0, 4.6), (6.5, 5.6, 4.9), (-6.0, 5.4, 5.4)):
        wire(catenary((2.9, 3.05, 5.5), end, 0.25, 16), 0.006, cable)
    # The far side of the street behind the camera (seen in the wet road and the shop glass).
    bx = -26.0
    k = 0
    while bx < 26:
        w = random.uniform(5, 9)
        wall = tk_facade_wall(random.choice(('tile', 'panel', 'mortar')),
                              random.choice([(0.6, 0.58, 0.54), (0.4, 0.3, 0.22), (0.72, 0.7, 0.66)]), 'bk%d' % k)
        bh = random.uniform(7, 13)
        box((w, 8.0, bh), (bx + w / 2, -13.0, bh / 2), wall, bevel=0)
        if random.random() < 0.6:
            box((0.6, 0.2, 2.6), (bx + random.uniform(0.5, w - 0.5), -8.8, 4.5),
                lit_sign_mat('bk-sign%d' % k, random.choice([(0.95, 0.9, 0.8), (0.9, 0.2, 0.1), (0.2, 0.6, 0.95)]), 2.0),
                bevel=0.01)
        bx += w
        k += 1
    camera(focal=38.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=7.0)
    render_settings(exposure=0.4, glare=0.25, adaptive=0.01)
    return extra


# ---- apartment front (session 8): helpers used only by s_apartment_front

def tr_apartment(x0, x1, y, floors, wall, accent, name):
    """A Turkish mid-rise apartment block (apartman): a raised ground floor (yuksek giris) on a stone-clad
    plinth, storeys of 2.9 m in painted render on insulation with a two-tone stair-core band, white PVC
    windows under roller-shutter boxes (some shutters part down), projecting balconies with railings or
    glazed in (cam balkon), air-conditioner units, iron grilles on the ground-floor windows, a glass entrance
    door under a canopy at the centre, a blue number plate."""
    w = x1 - x0
    cx = (x0 + x1) / 2
    st = 2.9
    base = 0.9
    h = base + floors * st + 0.9
    wallm = plaster_mat(name + '-render', wall, 0.85, streaks=True)
    accm = plaster_mat(name + '-accent', accent, 0.85, streaks=True)
    walls = Batch(wallm, name + '-walls')
    acc = Batch(accm, name + '-core')
    pvc = Batch(simple_mat(name + '-pvc', (0.86, 0.86, 0.84), 0.35, grain=0.03), name + '-pvc')
    panes = Batch(window_glass_mat(name + '-glass'), name + '-panes')
    iron = Batch(simple_mat(name + '-iron', (0.05, 0.06, 0.055), 0.45, metallic=0.6, grain=0.1), name + '-iron')
    alu = Batch(simple_mat(name + '-alu', (0.7, 0.7, 0.68), 0.3, metallic=0.85, grain=0.03), name + '-alu')
    slabs = Batch(plaster_mat(name + '-slab', tuple(min(1, v * 1.05) for v in wall), 0.8, streaks=False), name + '-slabs')
    shutters = Batch(ribbed_mat(name + '-shutter', (0.8, 0.79, 0.76), period=0.045, rough=0.5, metallic=0.0),
                     name + '-shutters')
    cglass = Batch(glass_mat(name + '-balcony-glass', (0.8, 0.85, 0.85)), name + '-bglass')
    walls.box((w, 10.0, h - base), (cx, y + 5.0, base + (h - base) / 2))
    box((w + 0.05, 0.06, base), (cx, y - 0.03, base / 2), cladding_mat(name + '-plinth', (0.42, 0.41, 0.39), panel=(0.6, 0.3),
                                                                       joint=0.008, rough=0.6), bevel=0.005)
    walls.box((w, 0.25, base), (cx, y + 0.125, base / 2))
    acc.box((2.6, 0.06, h - base), (cx, y - 0.03, base + (h - base) / 2))

    def window(wx, z, ww, wh, grille=False):
        tk_window(pvc, panes, iron, wx, y, z, ww, wh)
        pvc.box((ww + 0.1, 0.14, 0.22), (wx, y - 0.07, z + wh + 0.11))
        drop = random.choice((0.0, 0.0, 0.15, 0.3, 0.6, 1.0))
        if drop > 0:
            shutters.box((ww - 0.04, 0.01, wh * drop), (wx, y - 0.1, z + wh - wh * drop / 2))
        if grille:
            railing(iron, wx - ww / 2 - 0.05, wx + ww / 2 + 0.05, y - 0.12, z - 0.05, wh + 0.1, spacing=0.12)

    dish_mat = simple_mat(name + '-dish', (0.78, 0.78, 0.76), 0.4, grain=0.08)
    for f in range(floors):
        z = base + f * st
        # The stair core: a narrow window at each half landing (the first is over the entrance canopy).
        if f > 1:
            tk_window(alu, panes, iron, cx, y - 0.06, z - st / 2 + 0.9, 0.9, 1.1)
        for s in (-1, 1):
            window(cx + s * 2.5, z + 0.95, 1.2, 1.3, grille=f == 0)
            window(cx + s * 9.6, z + 0.9, 1.6, 1.4, grille=f == 0)
            bx = cx + s * 5.9
            if f == 0:
                window(bx - 0.7, z + 0.9, 1.6, 1.4, grille=True)
                window(bx + 1.0, z + 0.9, 0.8, 1.4, grille=True)
                continue
            # A balcony: the slab, a glazed door and a window behind it, a railing or glazing in front.
            slabs.box((3.6, 1.3, 0.16), (bx, y - 0.65, z - 0.08))
            tk_window(pvc, panes, iron, bx - 0.8, y, z + 0.02, 0.9, 2.2)
            window(bx + 0.7, z + 0.9, 1.4, 1.3)
            glazed = random.random() < 0.35
            if random.random() < 0.5:
                walls.box((3.6, 0.12, 0.95), (bx, y - 1.24, z + 0.475))
                if glazed:
                    cglass.box((3.5, 0.02, 1.55), (bx, y - 1.22, z + 1.75))
                    for k in range(6):
                        alu.box((0.035, 0.05, 1.6), (bx - 1.75 + k * 0.7, y - 1.22, z + 1.75))
            else:
                railing(iron if random.random() < 0.5 else alu, bx - 1.8, bx + 1.8, y - 1.26, z, 1.0,
                        bars=random.random() < 0.5)
                for s2 in (-1, 1):
                    railing(iron, bx + s2 * 1.8 - 0.001, bx + s2 * 1.8 + 0.001, y - 0.65, z, 1.0)
            if random.random() < 0.45:
                tk_ac_unit(bx + random.choice((-1.2, 1.2)), y - 0.6, z + 0.02)
            if random.random() < 0.3:
                # A satellite dish clamped to the balcony front.
                dx = bx + random.choice((-1.3, 1.3))
                dish = sphere(0.3, (dx, y - 1.45, z + 1.35), dish_mat, subdiv=3)
                dish.scale = (1.0, 0.22, 1.0)
                dish.rotation_euler = (math.radians(-20), 0, math.radians(random.uniform(-30, 30)))
                box((0.03, 0.45, 0.03), (dx, y - 1.55, z + 1.2), dish_mat, bevel=0, rot=(math.radians(25), 0, 0))
    # The entrance: steps up to the raised ground floor, a glass door in aluminium, a canopy, a number plate.
    steps = plaster_mat(name + '-steps', (0.6, 0.58, 0.55), 0.7, streaks=False)
    for k in range(5):
        box((2.2, 0.3, 0.18), (cx, y - 1.2 + k * 0.3, 0.09 + k * 0.18), steps, bevel=0.01)
    alu.box((1.9, 0.04, 2.5), (cx, y - 0.08, base + 1.25))
    panes.box((1.7, 0.02, 2.3), (cx, y - 0.1, base + 1.2))
    alu.box((0.05, 0.04, 2.3), (cx, y - 0.12, base + 1.2))
    slabs.box((2.8, 1.5, 0.14), (cx, y - 0.75, base + 2.75))
    plate = simple_mat('number-plate', (0.04, 0.12, 0.45), 0.35, grain=0.05)
    box((0.34, 0.03, 0.22), (cx + 1.6, y - 0.05, base + 2.0), plate, bevel=0.01)
    shop_name('14', cx + 1.6, y - 0.075, base + 1.93, 0.12, simple_mat('plate-ink', (0.92, 0.92, 0.9), 0.4), depth=0.004)
    # The block's name in steel letters over the canopy, as Turkish apartman have.
    shop_name('YILDIZ APT.', cx, y - 0.075, base + 3.0, 0.2, simple_mat('apt-letters', (0.6, 0.6, 0.58), 0.3, metallic=0.9),
              depth=0.03)
    for b in (walls, acc, pvc, panes, iron, alu, slabs, shutters, cglass):
        b.done()


def s_apartment_front():
    """A residential street in a Turkish city by day (session 8): the car on the asphalt in front of a
    six-storey apartment block, the street clear of parked cars and running across the frame; a granite
    kerb, a pavement of interlocking pavers, a rendered garden wall with a steel railing and a gate, a
    front garden with two trees, then the block (`tr_apartment`); a blue street-name sign on a post. Shot as
    the city street is: 38 mm at 7 m, 1.3 m high, level, f/4; sun from the right, raking along the facade."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    world_sky(36, 105, 1.0, air=1.0, dust=0.7)
    sun_light(36, 105, 3.5, angle_deg=0.55)
    key(105, 36, 0.15)
    plane(6000, 6000, (0, 0, 0), street_asphalt_mat((0.09, 0.09, 0.092)))
    kerb_y = 2.4
    kerb_stones(kerb_y, plaster_mat('kerb-stone', (0.56, 0.55, 0.52), 0.75, streaks=False), (0.48, 0.52), 0.18, 0.16,
                0.005)
    plane(80, 2.2, (0, kerb_y + 0.18 + 1.1, 0.155), brick_mat('pavers', (0.5, 0.48, 0.45), (0.32, 0.3, 0.27), (0.2, 0.1), 0.005, ground=True))
    wall_y = kerb_y + 2.4
    render = plaster_mat('garden-wall', (0.78, 0.74, 0.66), 0.85, streaks=True)
    coping = plaster_mat('coping', (0.62, 0.6, 0.57), 0.7, streaks=False)
    rail = Batch(simple_mat('garden-rail', (0.03, 0.07, 0.05), 0.45, metallic=0.5, grain=0.1), 'garden-rail')
    for s in (-1, 1):
        x0, x1 = (-40, -0.9) if s < 0 else (0.9, 40)
        box((x1 - x0, 0.25, 0.6), ((x0 + x1) / 2, wall_y + 0.125, 0.3 + 0.15), render, bevel=0.005)
        box((x1 - x0, 0.32, 0.06), ((x0 + x1) / 2, wall_y + 0.125, 0.78), coping, bevel=0.008)
        railing(rail, x0, x1, wall_y + 0.125, 0.81, 0.9, spacing=0.12)
        for k in range(14):
            box((0.3, 0.3, 1.8), (s * (1.05 + 3.0 * k), wall_y + 0.125, 0.9 + 0.15), render, bevel=0.01)
    rail.done()
    plane(80, 5.0, (0, wall_y + 2.6, 0.2), floor_material('grass'))
    plane(1.8, 5.0, (0, wall_y + 2.6, 0.21), brick_mat('path', (0.55, 0.5, 0.46), (0.32, 0.3, 0.27), (0.2, 0.1), 0.005, ground=True))
    leaf = leaf2_mat('apt-leaf', (0.035, 0.065, 0.02), (0.12, 0.19, 0.05), translucent=0.3)
    bark = bark2_mat('apt-bark', (0.08, 0.07, 0.06))
    put(broadleaf_mesh(21, 8.0, 3.6, name='apt-tree', mats=[leaf, bark], leaves=0.8), (-6.8, wall_y + 1.8, 0.2))
    put(broadleaf_mesh(5, 6.5, 3.0, name='apt-tree2', mats=[leaf, bark], leaves=0.7), (8.2, wall_y + 1.6, 0.2))
    tr_apartment(-13.0, 13.0, wall_y + 4.2, 6, (0.84, 0.78, 0.66), (0.58, 0.36, 0.26), 'apt')
    # A street-name sign on a post at the kerb, left of the car.
    post = simple_mat('sign-post', (0.35, 0.36, 0.37), 0.4, metallic=0.8)
    cylinder(0.03, 2.7, (-4.3, kerb_y + 0.5, 1.5), post, verts=12)
    blue = simple_mat('street-sign', (0.03, 0.1, 0.38), 0.35, grain=0.04)
    box((0.8, 0.025, 0.22), (-4.3, kerb_y + 0.46, 2.72), blue, bevel=0.006)
    shop_name('LALE SK.', -4.3, kerb_y + 0.445, 2.67, 0.09, simple_mat('sign-ink', (0.92, 0.92, 0.9), 0.4), depth=0.003)
    mist = {'start': 60, 'depth': 900, 'color': (0.55, 0.62, 0.72)}
    camera(focal=38.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=7.0)
    render_settings(exposure=-1.0, mist=mist)
    return extra


# ---- skyscraper front (session 8): helpers used only by s_skyscraper_front

def tower_wall_mat(name, tint=(0.7, 0.8, 0.85), bay=1.5, storey=3.9, spandrel=1.0, mullion=(0.45, 0.46, 0.47),
                   spandrel_col=(0.05, 0.06, 0.07)):
    """A tower's curtain wall on a box (faces in XZ and YZ): vision glass `bay` wide, a storey high, over a
    dark interior (each pane's room a different shade, the lit ceiling band of the office behind), an opaque
    spandrel band at each floor slab, aluminium mullions; the glass mirrors the sky and the other towers
    (Fresnel, 12 % head-on, tinted) and waves gently, as toughened glass does."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    u = math_node(nt, 'ADD', sep.outputs['X'], sep.outputs['Y'])
    fu = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', u, bay))
    fv = math_node(nt, 'FRACT', math_node(nt, 'DIVIDE', sep.outputs['Z'], storey))
    mull = math_node(nt, 'GREATER_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', fu, 0.5)), 0.5 - 0.05 / bay)
    spand = math_node(nt, 'LESS_THAN', fv, spandrel / storey)
    opaque = math_node(nt, 'MAXIMUM', mull, spand)
    cell = nt.nodes.new('ShaderNodeCombineXYZ')
    link(nt, math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', u, bay)), cell.inputs[0])
    link(nt, math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', sep.outputs['Z'], storey)), cell.inputs[1])
    wn = nt.nodes.new('ShaderNodeTexWhiteNoise')
    wn.noise_dimensions = '3D'
    link(nt, cell.outputs[0], wn.inputs['Vector'])
    room = ramp(nt, wn.outputs['Value'], [(0.0, (0.015, 0.018, 0.02)), (0.7, (0.04, 0.045, 0.05)), (1.0, (0.12, 0.12, 0.11))])
    ceiling = ramp(nt, fv, [(0.86, (1, 1, 1)), (0.88, (2.5, 2.5, 2.4)), (0.95, (2.5, 2.5, 2.4)), (0.97, (1, 1, 1))])
    d = nt.nodes.new('ShaderNodeBsdfDiffuse')
    link(nt, mix_rgb(nt, 1.0, room, ceiling, 'MULTIPLY'), d.inputs['Color'])
    g = nt.nodes.new('ShaderNodeBsdfGlossy')
    g.inputs['Color'].default_value = (*tint, 1)
    g.inputs['Roughness'].default_value = 0.015
    wave = noise(nt, c, 0.25, 2, 0.5)
    link(nt, bump(nt, math_node(nt, 'ADD', wave, math_node(nt, 'MULTIPLY', wn.outputs['Value'], 0.3)), 0.04, 0.3),
         g.inputs['Normal'])
    fres = nt.nodes.new('ShaderNodeFresnel')
    fres.inputs['IOR'].default_value = 1.52
    glass = nt.nodes.new('ShaderNodeMixShader')
    link(nt, math_node(nt, 'ADD', fres.outputs[0], 0.12), glass.inputs[0])
    link(nt, d.outputs[0], glass.inputs[1])
    link(nt, g.outputs[0], glass.inputs[2])
    op = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, mix_rgb(nt, mull, spandrel_col, mullion), op.inputs['Base Color'])
    link(nt, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', mull, 0.7), 0.15), op.inputs['Metallic'])
    op.inputs['Roughness'].default_value = 0.3
    mix = nt.nodes.new('ShaderNodeMixShader')
    link(nt, opaque, mix.inputs[0])
    link(nt, glass.outputs[0], mix.inputs[1])
    link(nt, op.outputs[0], mix.inputs[2])
    link(nt, mix.outputs[0], out.inputs['Surface'])
    return m


def s_skyscraper_front():
    """A business district's plaza by day (session 8): the car on granite slabs in front of a glass office
    tower. The tower's curtain wall (`tower_wall_mat`) rises out of frame on a double-height lobby set back
    behind stainless columns: full-height glazing in a mullion grid, the lit lobby inside (stone back wall,
    ceiling panels, reception desk), a glass canopy over the entrance; granite benches and stainless bollards
    on the plaza; through the gaps beside it, other towers further off under fair-weather cumulus, which
    the glass mirrors. Shot as the city street is: 38 mm at 7 m, 1.3 m high, level, f/4."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 42, 125
    fair_day(sun_elev, sun_az, cover=0.4, seed=5.0)
    plane(6000, 6000, (0, 0, 0), brick_mat('plaza-granite', (0.3, 0.295, 0.285), (0.22, 0.215, 0.21), (1.2, 0.6), 0.003,
                                           ground=True))
    meta['floor'] = {'gloss': 0.05, 'roughness': 0.6, 'kind': 'stone-paving'}
    # The main tower: its face 20 m behind the car, on a lobby set 3 m back under it.
    fy, half, lobby = 20.0, 9.0, 7.2
    box((2 * half, 30, 150), (0, fy + 15, lobby + 75), tower_wall_mat('tower-a'), bevel=0)
    steel = simple_mat('stainless', (0.62, 0.62, 0.62), 0.2, metallic=1.0, grain=0.03)
    for cx in (-half + 0.6, -3.0, 3.0, half - 0.6):
        cylinder(0.5, lobby, (cx, fy + 0.6, lobby / 2), steel, verts=40)
    box((2 * half + 0.2, 0.5, 1.0), (0, fy + 0.25, lobby - 0.5), simple_mat('fascia', (0.2, 0.21, 0.22), 0.35, metallic=0.7),
        bevel=0.01)
    gy = fy + 3.0
    plane(2 * half, lobby - 1.0, (0, gy, (lobby - 1.0) / 2), shop_glass_mat('lobby-glass'), rot=(math.pi / 2, 0, 0))
    fr = Batch(simple_mat('lobby-mullion', (0.2, 0.2, 0.21), 0.35, metallic=0.8), 'lobby-mullions')
    x = -half
    while x <= half + 0.01:
        fr.box((0.08, 0.3, lobby - 1.0), (x, gy, (lobby - 1.0) / 2))
        x += 1.8
    for z in (0.05, 3.0, lobby - 1.0):
        fr.box((2 * half, 0.3, 0.1), (0, gy, z))
    fr.done()
    # Inside: a stone back wall, a floor, a ceiling of lit panels, a reception desk, a lobby lamp.
    stone = plaster_mat('lobby-stone', (0.42, 0.36, 0.3), 0.5, streaks=False)
    box((2 * half, 0.3, lobby), (0, gy + 12.0, lobby / 2), stone, bevel=0)
    box((2 * half, 12, 0.05), (0, gy + 6.0, 0.02), brick_mat('lobby-floor', (0.55, 0.53, 0.5), (0.4, 0.4, 0.4), (0.9, 0.9),
                                                          0.002, ground=True), bevel=0)
    box((2 * half, 12, 0.2), (0, gy + 6.0, lobby - 0.9), simple_mat('lobby-ceiling', (0.75, 0.75, 0.74), 0.8), bevel=0)
    panel = no_light_sampling(emission_mat('lobby-panel', (1.0, 0.95, 0.88), 2.0))
    for px in range(-7, 8, 2):
        for py in (2.0, 5.0, 8.0, 11.0):
            plane(1.2, 0.3, (px, gy + py, lobby - 1.01), panel, rot=(math.pi, 0, 0))
    box((4.0, 0.8, 1.1), (-4.0, gy + 7.0, 0.55), simple_mat('desk', (0.12, 0.1, 0.08), 0.3), bevel=0.02)
    area_light((0, gy + 6.0, lobby - 1.1), 14.0, 900, (1.0, 0.93, 0.85), size_y=10.0, target=(0, gy + 6.0, 0))
    # Security gates across the lobby and a few people's worth of furniture: sofas, a planter.
    gates = Batch(steel, 'lobby-gates')
    for gx in (-1.5, -0.5, 0.5, 1.5, 2.5):
        gates.box((0.18, 1.4, 1.0), (gx, gy + 5.0, 0.5))
    gates.done()
    sofa = simple_mat('sofa', (0.08, 0.08, 0.09), 0.7, grain=0.1)
    for sx in (-6.5, 6.5):
        box((2.2, 0.9, 0.45), (sx, gy + 3.0, 0.23), sofa, bevel=0.06)
        box((2.2, 0.25, 0.5), (sx, gy + 3.4, 0.6), sofa, bevel=0.06)
    # The entrance canopy: glass on steel fins, over the revolving door's bay.
    cglass = glass_mat('canopy-glass', (0.8, 0.86, 0.86))
    box((7.0, 4.5, 0.04), (5.0, gy - 2.2, 4.2), cglass, bevel=0)
    for cx in (2.0, 5.0, 8.0):
        box((0.06, 4.5, 0.3), (cx, gy - 2.2, 4.05), steel, bevel=0.005)
    # The plaza: granite benches and a row of stainless bollards, clear of the car.
    gran = plaster_mat('bench-granite', (0.35, 0.34, 0.33), 0.5, streaks=False)
    for bx in (-11.0, -7.5, 7.5, 11.0):
        box((2.4, 0.6, 0.45), (bx, 10.0, 0.225), gran, bevel=0.02)
    for bx in (-13.5, -12.0, -10.5, -9.0, -7.5, 7.5, 9.0, 10.5, 12.0, 13.5):
        cylinder(0.1, 0.85, (bx, 15.0, 0.425), steel, verts=24)
    # Other towers further off, seen past the main one.
    for i, (tx, ty, w, h, tint) in enumerate(((-42.0, 70.0, 28.0, 210.0, (0.62, 0.72, 0.8)),
                                               (38.0, 95.0, 30.0, 180.0, (0.8, 0.78, 0.72)),
                                               (-75.0, 140.0, 36.0, 260.0, (0.66, 0.76, 0.78)),
                                               (80.0, 160.0, 34.0, 230.0, (0.7, 0.74, 0.82)))):
        box((w, w, h), (tx, ty + w / 2, h / 2), tower_wall_mat('tower-%d' % i, tint, bay=random.choice((1.35, 1.5, 1.8)),
                                                               storey=random.choice((3.6, 3.9, 4.2))), bevel=0)
    camera(focal=38.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=7.0)
    render_settings(exposure=-1.0, mist={'start': 80, 'depth': 1500, 'color': (0.62, 0.68, 0.76)})
    return extra


# ---- hotel entrance, red carpet, wedding car, plaza (session 9): were kinds of one s_city sketch

def brass_mat(name, color=(0.8, 0.6, 0.32), rough=0.28):
    """Brass as a hotel keeps it: polished where hands and cloths reach, a duller tarnish bloom elsewhere
    (darker, rougher), and fine polishing marks that smear its highlights."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    tar = noise(nt, c, 3.0, 5, 0.6)
    col = ramp(nt, tar, [(0.35, tuple(v * 0.72 for v in color)), (0.65, color)])
    r = ramp(nt, tar, [(0.35, (rough + 0.18,) * 3), (0.65, (rough,) * 3)])
    marks = noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 30.0)), 40, 3, 0.5)
    principled(nt, out, col, r, 0.5, 1.0, bump(nt, marks, 0.04, 0.002))
    return m


def velvet_mat(name, color, sheen=1.0):
    """Pile fabric (velvet rope, carpet, drapes): dark where the pile faces the eye, a bright sheen at
    grazing angles (the look of velvet), a faint crushed-pile mottle."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    crush = noise(nt, c, 6.0, 4, 0.6)
    col = ramp(nt, crush, [(0.3, tuple(v * 0.8 for v in color)), (0.7, tuple(v * 1.1 for v in color))])
    p = principled(nt, out, col, 0.9, 0.2, 0.0, bump(nt, noise(nt, c, 600, 2, 0.5), 0.3, 0.002))
    p.inputs['Sheen'].default_value = sheen
    p.inputs['Sheen Tint'].default_value = 0.6
    return m


def planter_tree(me, x, y, pot_mat, pot=(1.0, 1.0, 0.9), rot=None):
    """A tree or shrub of mesh `me` in a square planter standing on the ground at (x, y)."""
    box(pot, (x, y, pot[2] / 2), pot_mat, bevel=0.02)
    box((pot[0] - 0.1, pot[1] - 0.1, 0.02), (x, y, pot[2] - 0.06), floor_material('gravel'), bevel=0)
    return put(me, (x, y, pot[2] - 0.1), rot_z=random.uniform(0, 6.3) if rot is None else rot)


def festoon(a, b, sag, n, wire_mat, bulb_mat, radius=0.035):
    """A festoon string: a black cable hung from a to b and `n` bulbs hanging under it on short drops."""
    pts = catenary(a, b, sag, n=max(24, n))
    wire(pts, 0.006, wire_mat, 'festoon')
    bulb = bpy.data.meshes.get('festoon-bulb')
    if bulb is None:
        o = sphere(radius, (0, 0, 0), bulb_mat, subdiv=2)
        bulb = o.data
        bulb.name = 'festoon-bulb'
        bpy.data.objects.remove(o, do_unlink=True)
    for i in range(1, n):
        p = catenary(a, b, sag, n=n)[i]
        put(bulb, (p[0], p[1], p[2] - 0.07), name='bulb')
    return pts


def s_hotel_entrance():
    """A five-star hotel's porte-cochere at dusk (session 9; was a beige wall with a door): the car on
    polished granite setts just in front of the canopy, its bronze fascia lettered in brass, the soffit's
    warm downlights; a limestone-clad facade with a brass-framed glass front and a revolving door, the lit
    lobby behind (walnut panelling, a crystal chandelier, a reception desk), bay trees in bronze planters,
    a doorman's lectern and a brass luggage cart. 35 mm at 8 m, 1.3 m, tilted up 2 degrees, f/4."""
    extra = {'night': True, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    world_grad((0.05, 0.07, 0.12), (0.015, 0.022, 0.05), 1.0)
    plane(120, 80, (0, 0, 0), brick_mat('hotel-drive', (0.12, 0.115, 0.11), (0.04, 0.04, 0.04), (1.2, 0.6), 0.004,
                                        ground=True, rough=0.3))
    meta['floor'] = {'gloss': 0.17, 'roughness': 0.3, 'kind': 'stone-paving'}
    fy, cz, cy = 9.0, 4.4, 2.0  # the facade, the canopy's soffit height and its front edge
    brass = brass_mat('hotel-brass')
    bronze = simple_mat('hotel-bronze', (0.07, 0.055, 0.045), 0.35, metallic=0.9, grain=0.08)
    stone = cladding_mat('hotel-stone', (0.62, 0.55, 0.45), panel=(1.2, 0.6), joint=0.004, rough=0.6)
    # Facade: limestone walls either side of a 9-m glass front, pilasters with brass bands framing it.
    for s in (-1, 1):
        box((16, 1.0, 14), (s * (4.6 + 8.0), fy + 0.5, 7), stone, bevel=0)
        box((0.9, 0.4, cz), (s * 5.05, fy - 0.2, cz / 2), stone, bevel=0.01)
        for z in (0.5, cz - 0.4):
            box((0.94, 0.44, 0.05), (s * 5.05, fy - 0.2, z), brass, bevel=0.005)
    box((10.0, 1.0, 14 - cz), (0, fy + 0.5, cz + (14 - cz) / 2), stone, bevel=0)
    box((10.0, 0.8, 0.15), (0, fy - 0.3, 0.075), plaster_mat('hotel-step', (0.5, 0.47, 0.42), 0.5, streaks=False),
        bevel=0.01)
    glass = shop_glass_mat('hotel-glass')
    plane(9.2, cz - 0.15, (0, fy, 0.15 + (cz - 0.15) / 2), glass, rot=(math.pi / 2, 0, 0))
    fr = Batch(brass, 'hotel-frames')
    for x in (-4.55, -3.7, -2.1, 2.1, 3.7, 4.55):
        fr.box((0.07, 0.12, cz - 0.15), (x, fy - 0.05, 0.15 + (cz - 0.15) / 2))
    for z in (0.2, 2.75, cz - 0.05):
        fr.box((9.2, 0.12, 0.07), (0, fy - 0.05, z))
    # Side doors' push bars; the revolving door: a drum of curved glass, bronze crown, four glass wings.
    for x in (-2.9, 2.9):
        for s in (-1, 1):
            fr.box((0.5, 0.05, 0.035), (x + s * 0.35, fy - 0.12, 1.05))
    fr.done()
    rx, ry, rr = 0.0, fy - 0.9, 1.35
    glass = shop_glass_mat('hotel-drum-glass')
    # Clearer than plate glass: through the drum a ray crosses five panes before the lobby.
    next(n for n in glass.node_tree.nodes if n.bl_idname == 'ShaderNodeBsdfTransparent').inputs['Color'].default_value = (
        0.93, 0.95, 0.94, 1)
    cylinder(rr, 2.6, (rx, ry, 0.15 + 1.3), glass, verts=64)
    cylinder(rr + 0.06, 0.22, (rx, ry, 2.75 + 0.11), bronze, verts=64)
    cylinder(rr + 0.07, 0.04, (rx, ry, 2.75 + 0.24), brass, verts=64)
    for k in range(4):
        a = math.radians(22 + 90 * k)
        plane(rr - 0.05, 2.55, (rx + math.cos(a) * rr / 2, ry + math.sin(a) * rr / 2, 0.15 + 1.3), glass,
              rot=(math.pi / 2, 0, a))  # single planes: every pane a ray crosses costs a transparent bounce
        box((0.04, 0.05, 2.55), (rx + math.cos(a) * (rr - 0.03), ry + math.sin(a) * (rr - 0.03), 1.45), brass,
            bevel=0, rot=(0, 0, a))
    point_light((rx, ry, 2.8), 80, (1.0, 0.8, 0.56), radius=0.3)  # the drum's crown downlight
    # The lobby inside: marble floor, walnut panelling with brass reveals, a reception desk, a chandelier.
    d = 10.0
    box((20, d, 0.15), (0, fy + d / 2, 0.075), floor_material('marble', (0.78, 0.74, 0.68)), bevel=0)
    walnut = velvet_mat('hotel-walnut', (0.09, 0.05, 0.03), sheen=0.1)
    box((20, 0.3, 6), (0, fy + d, 3), walnut, bevel=0)
    reveals = Batch(brass, 'hotel-reveals')
    for x in range(-9, 10, 2):
        reveals.box((0.03, 0.05, 5.5), (x + 0.5, fy + d - 0.16, 3.0))
    reveals.done()
    box((20, d, 0.3), (0, fy + d / 2, 5.6), plaster_mat('hotel-ceiling', (0.75, 0.68, 0.58), 0.8, streaks=False),
        bevel=0)
    box((5.0, 0.8, 1.1), (2.5, fy + d - 2.5, 0.7), stone, bevel=0.03)
    box((5.1, 0.9, 0.05), (2.5, fy + d - 2.5, 1.27), brass, bevel=0.01)
    # The chandelier: tiers of crystal drops round a warm lamp.
    crystal = emission_mat('hotel-crystal', (1.0, 0.82, 0.55), 6.0)
    drop = sphere(0.035, (0, 0, -50), crystal, subdiv=1).data
    cxl, cyl, czl = -1.5, fy + 4.5, 4.1
    for t, (r, z, n) in enumerate(((0.9, 0.0, 28), (0.65, 0.3, 22), (0.4, 0.6, 16), (0.2, 0.85, 10))):
        for k in range(n):
            a = 2 * math.pi * (k + 0.5 * t) / n
            for j in range(3):
                put(drop, (cxl + math.cos(a) * r, cyl + math.sin(a) * r, czl + z - j * 0.09), scale=1.0 - 0.2 * j)
    wire([(cxl, cyl, czl + 0.9), (cxl, cyl, 5.45)], 0.015, brass, 'chain')
    point_light((cxl, cyl, czl + 0.3), 350, (1.0, 0.78, 0.5), radius=0.5)
    area_light((2.0, fy + 5.0, 5.4), 8.0, 900, (1.0, 0.8, 0.58), size_y=6.0, target=(2.0, fy + 5.0, 0))
    for x in (-7.0, 7.0):  # wall sconces either side of the panelling's centre
        o = sphere(0.12, (x, fy + d - 0.3, 2.6), emission_mat('sconce', (1.0, 0.8, 0.55), 8.0), subdiv=2)
        point_light((x, fy + d - 0.6, 2.6), 60, (1.0, 0.78, 0.5), radius=0.15)
    # Canopy: a deep slab from the facade to just behind the car, bronze fascia with brass letters.
    soffit = plaster_mat('hotel-soffit', (0.62, 0.55, 0.46), 0.7, streaks=False)
    box((40, fy - cy, 0.6), (0, (fy + cy) / 2, cz + 0.3), soffit, bevel=0)
    box((40, 0.35, 1.2), (0, cy, cz + 0.45), bronze, bevel=0.015)
    shop_name('KARAKÖY PALAS', 0.0, cy - 0.18, cz + 0.22, 0.52, brass, depth=0.05, spacing=1.15)
    area_light((0, cy - 2.5, cz - 1.2), 14.0, 260, (1.0, 0.82, 0.6), size_y=0.4, target=(0, cy, cz + 0.5))
    lamp = no_light_sampling(emission_mat('hotel-downlight', (1.0, 0.85, 0.62), 25.0))
    for x in range(-12, 13, 3):
        for y in (cy + 1.2, cy + 3.8, cy + 6.2):
            camera_only(cylinder(0.09, 0.02, (x, y, cz - 0.005), lamp, verts=20))
            if abs(x) <= 6 and y < cy + 5:
                spot_light((x, y, cz - 0.05), 420, (x, y - 0.6, 0), angle_deg=70, blend=0.8, color=(1.0, 0.78, 0.52),
                           radius=0.08)
    # A linear light along the canopy's front edge washes the drive where cars draw up.
    area_light((0, cy - 0.4, cz - 0.05), 9.0, 350, (1.0, 0.8, 0.56), size_y=0.3, target=(0, -1.0, 0))
    # Bay trees in bronze planters either side of the door, the doorman's lectern, a luggage cart.
    leaf = leaf2_mat('hotel-bay', (0.02, 0.04, 0.015), (0.07, 0.1, 0.035), translucent=0.2)
    bark = bark2_mat('hotel-bark', (0.07, 0.06, 0.05))
    for i, x in enumerate((-6.1, 6.1)):
        me = broadleaf_mesh(60 + i, 2.4, 1.0, name='hotel-bay-%d' % i, mats=[leaf, bark])
        planter_tree(me, x, fy - 1.3, bronze, pot=(1.0, 1.0, 1.0))
    box((0.6, 0.45, 1.05), (3.7, fy - 2.0, 0.525), walnut, bevel=0.02)
    box((0.7, 0.55, 0.04), (3.7, fy - 2.05, 1.08), brass, bevel=0.01, rot=(math.radians(-12), 0, 0))
    cart_x, cart_y = -3.8, fy - 2.2
    box((1.3, 0.65, 0.06), (cart_x, cart_y, 0.3), velvet_mat('cart-carpet', (0.12, 0.01, 0.015)), bevel=0.01)
    for s in (-1, 1):
        pts = [(cart_x + s * 0.62, cart_y + 0.3 * math.cos(math.pi * k / 12), 0.3 + 1.5 * math.sin(math.pi * k / 12))
               for k in range(13)]
        pts = [(x, y, z) if z > 0.32 else (x, y, 0.33) for (x, y, z) in pts]
        wire([(cart_x + s * 0.62, cart_y - 0.3, 0.33), (cart_x + s * 0.62, cart_y - 0.3, 1.8),
              (cart_x + s * 0.62, cart_y + 0.3, 1.8), (cart_x + s * 0.62, cart_y + 0.3, 0.33)], 0.02, brass, 'cart')
    wire([(cart_x - 0.62, cart_y, 1.8), (cart_x + 0.62, cart_y, 1.8)], 0.025, brass, 'cart-rail')
    for s in (-1, 1):
        for t in (-1, 1):
            cylinder(0.08, 0.04, (cart_x + s * 0.55, cart_y + t * 0.25, 0.08), bronze, rot=(math.pi / 2, 0, 0), verts=16)
    key(0, 70, 0.5, (1.0, 0.78, 0.52))
    camera(focal=35.0, fstop=4.0, pitch_deg=2.0, height=1.3, distance=8.0)
    render_settings(exposure=0.8, glare=0.25)
    sc.cycles.transparent_max_bounces = 10  # the lobby is seen through the drum, its wings and the glass front
    return extra


def drape_mat(name, color=(0.012, 0.012, 0.014), pleat=0.3):
    """Black stage drapes: pleats every `pleat` metres as a bump (wave across X) and velvet sheen on them."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    w = nt.nodes.new('ShaderNodeTexWave')
    w.wave_profile = 'SIN'
    w.inputs['Scale'].default_value = 1.0 / pleat
    w.inputs['Distortion'].default_value = 1.5
    w.inputs['Detail Scale'].default_value = 0.3
    link(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 0.08)), w.inputs['Vector'])
    p = principled(nt, out, color, 0.85, 0.3, 0.0, bump(nt, w.outputs['Fac'], 1.0, 0.08))
    p.inputs['Sheen'].default_value = 1.0
    return m


def box_truss(x0, x1, y, z, mat, w=0.3, bay=0.5):
    """A box truss across the frame: four chords and zig-zag diagonals on each face (aluminium tube)."""
    import numpy as np
    soup = Soup()
    h = w / 2
    corners = [(-h, -h), (-h, h), (h, h), (h, -h)]
    for dy, dz in corners:
        tube(soup, [(x0, y + dy, z + dz), (x1, y + dy, z + dz)], np.array([0.024, 0.024]), 0, sides=8)
    n = int((x1 - x0) / bay)
    for f in range(4):
        (ay, az), (by_, bz) = corners[f], corners[(f + 1) % 4]
        for i in range(n):
            xa, xb = x0 + i * bay, x0 + (i + 1) * bay
            p0, p1 = (xa, y + ay, z + az), (xb, y + by_, z + bz)
            if i % 2:
                p0, p1 = (xa, y + by_, z + bz), (xb, y + ay, z + az)
            tube(soup, [p0, p1], np.array([0.01, 0.01]), 0, sides=6)
    o = put(soup.mesh('truss', [mat], smooth=True), (0, 0, 0), name='truss')
    return o


def stage_fixture(x, y, z, target, power, body, lens_mat, angle=24, color=(1.0, 0.86, 0.66)):
    """A profile spot hung under the truss, aimed at `target`: its black can and a glowing lens (seen),
    and a spot lamp at the lens (the light)."""
    t = Vector(target)
    p = Vector((x, y, z))
    d = (t - p).normalized()
    rot = d.to_track_quat('Z', 'Y').to_euler()
    can = cylinder(0.13, 0.45, tuple(p), body, verts=24)
    can.rotation_euler = rot
    lens = cylinder(0.1, 0.01, tuple(p + d * 0.23), lens_mat, verts=24)
    lens.rotation_euler = rot
    camera_only(lens)
    spot_light(tuple(p + d * 0.26), power, target, angle_deg=angle, blend=0.35, color=color, radius=0.08)


def s11c_grid(name, xs, ys, fn, mat, plane='XY', smooth=True):
    """A grid mesh over xs x ys, displaced by fn(X, Y) (numpy arrays): plane 'XY' displaces Z (a carpet),
    'XZ' displaces Y (a hanging cloth; ys are then heights)."""
    import numpy as np
    X, Y = np.meshgrid(np.asarray(xs, float), np.asarray(ys, float), indexing='ij')
    D = fn(X, Y)
    if plane == 'XY':
        P = np.stack([X, Y, D], -1)
    else:
        P = np.stack([X, D, Y], -1)
    nx, ny = X.shape
    idx = np.arange(nx * ny).reshape(nx, ny)
    q = np.stack([idx[:-1, :-1], idx[1:, :-1], idx[1:, 1:], idx[:-1, 1:]], -1).reshape(-1, 4)
    me = bpy.data.meshes.new(name)
    me.from_pydata(P.reshape(-1, 3).tolist(), [], q.tolist())
    if smooth:
        for p in me.polygons:
            p.use_smooth = True
    me.materials.append(mat)
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def s11c_truss(p0, p1, mat, w=0.29, bay=0.5, name='s11c-truss'):
    """A box truss between two points along any axis: four chords, zig-zag diagonals on each face."""
    import numpy as np
    a, b = np.array(p0, float), np.array(p1, float)
    d = (b - a) / np.linalg.norm(b - a)
    up = np.array([0, 0, 1.0]) if abs(d[2]) < 0.9 else np.array([1.0, 0, 0])
    s = np.cross(d, up)
    s /= np.linalg.norm(s)
    u = np.cross(s, d)
    h = w / 2
    corners = [(-h, -h), (-h, h), (h, h), (h, -h)]
    soup = Soup()
    L = float(np.linalg.norm(b - a))
    for cs, cu in corners:
        off = s * cs + u * cu
        tube(soup, [a + off, b + off], np.array([0.024, 0.024]), 0, sides=8)
    n = max(1, int(L / bay))
    for f in range(4):
        (s0, u0), (s1, u1) = corners[f], corners[(f + 1) % 4]
        for i in range(n):
            ta, tb = a + d * L * i / n, a + d * L * (i + 1) / n
            p_, q_ = ta + s * s0 + u * u0, tb + s * s1 + u * u1
            if i % 2:
                p_, q_ = ta + s * s1 + u * u1, tb + s * s0 + u * u0
            tube(soup, [p_, q_], np.array([0.01, 0.01]), 0, sides=6)
    return put(soup.mesh(name, [mat], smooth=True), (0, 0, 0), name=name)


def s11c_carpet_mat(name, color=(0.2, 0.008, 0.012), seam_x=-7.4):
    """Session 11: a cut-pile event runner as photographed: tufted pile (a fine clumpy mottle a centimetre
    or two across, not a flat colour), long soft nap bands along the roll, two rolls butted at a seam (one a
    shade different), crushed walkways, faint crushed tracks where the car was driven on, lint and specks,
    a little sheen at grazing angles. Recorded as the floor."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    nap = noise(nt, math_node_vec_scale(nt, c, (0.06, 1.0, 1.0)), 1.6, 4, 0.55)
    col = ramp(nt, nap, [(0.25, tuple(v * 0.72 for v in color)), (0.75, tuple(v * 1.22 for v in color))])
    roll = math_node(nt, 'LESS_THAN', sep.outputs['X'], seam_x)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', roll, 0.6), col, (color[0] * 0.8, color[1] * 0.9, color[2] * 1.1))
    vor = nt.nodes.new('ShaderNodeTexVoronoi')
    vor.inputs['Scale'].default_value = 70.0
    link(nt, c, vor.inputs['Vector'])
    tuft = ramp(nt, vor.outputs['Distance'], [(0.0, (1.2, 1.16, 1.16)), (0.6, (0.7, 0.7, 0.7))])
    col = mix_rgb(nt, 0.7, col, mix_rgb(nt, 1.0, col, tuft, 'MULTIPLY'))
    mott = ramp(nt, noise(nt, c, 6, 6, 0.7), [(0.25, (0.72, 0.72, 0.72)), (0.75, (1.18, 1.16, 1.16))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 28, 4, 0.6), [(0.3, (0.8, 0.8, 0.8)), (0.7, (1.12, 1.12, 1.12))]),
                  'MULTIPLY')  # the pile's clumps, a few centimetres across
    col = mix_rgb(nt, 1.0, col, mott, 'MULTIPLY')
    crush = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (0.5, 1.0, 1.0)), 0.8, 5, 0.6),
                 [(0.55, (1, 1, 1)), (0.78, (0.8, 0.79, 0.79))])
    col = mix_rgb(nt, 1.0, col, crush, 'MULTIPLY')
    # The car's wheels crushed two faint bands along the roll where it was driven on from the left.
    for ty in (-0.78, 0.78):
        band = ramp(nt, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['Y'], ty)),
                    [(0.0, (0.86, 0.86, 0.86)), (0.12, (1, 1, 1))])
        fade = ramp(nt, sep.outputs['X'], [(0.0, (1, 1, 1)), (1.0, (1, 1, 1))])
        brk = ramp(nt, noise(nt, c, 1.3, 3, 0.5), [(0.35, (1, 1, 1)), (0.6, (0, 0, 0))])
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', brk, 0.8), col, mix_rgb(nt, 1.0, col, band, 'MULTIPLY'))
    lint = ramp(nt, noise(nt, c, 60, 3, 0.6), [(0.7, (0, 0, 0)), (0.76, (1, 1, 1))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', lint, 0.35), col, (0.45, 0.35, 0.33))
    seam = ramp(nt, math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', sep.outputs['X'], seam_x)),
                [(0.0, (0.45, 0.45, 0.45)), (0.012, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, col, seam, 'MULTIPLY')
    h = math_node(nt, 'ADD', vor.outputs['Distance'], math_node(nt, 'MULTIPLY', noise(nt, c, 300, 2, 0.5), 0.5))
    p = principled(nt, out, col, 0.93, 0.25, 0.0, bump(nt, h, 0.35, 0.004))
    p.inputs['Sheen'].default_value = 0.15
    p.inputs['Sheen Tint'].default_value = 0.9
    meta['floor'] = {'gloss': 0.0, 'roughness': 0.95, 'kind': 'red-carpet'}
    return m


def s11c_backdrop_mat(name, color=(0.07, 0.085, 0.13)):
    """Session 11: printed polyester backdrop fabric: storage creases (a grid of fold lines every metre or
    so, not quite straight), small tension puckers, a faint weave tone, satin sheen on the folds."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    wob = math_node(nt, 'MULTIPLY', noise(nt, c, 0.5, 2, 0.5), 0.16)
    creases = None
    for axis, pitch in (('X', 1.05), ('Z', 0.78)):
        v = math_node(nt, 'ADD', math_node(nt, 'DIVIDE', sep.outputs[axis], pitch), wob)
        dd = math_node(nt, 'MULTIPLY', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', math_node(nt, 'FRACT', v), 0.5)),
                       pitch)
        ridge = ramp(nt, dd, [(0.0, (1, 1, 1)), (0.03, (0, 0, 0))])
        brk = ramp(nt, noise(nt, c, 1.6, 3, 0.5), [(0.35, (0.1, 0.1, 0.1)), (0.65, (0.8, 0.8, 0.8))])
        r = math_node(nt, 'MULTIPLY', ridge, brk)
        creases = r if creases is None else math_node(nt, 'MAXIMUM', creases, r)
    pucker = noise(nt, math_node_vec_scale(nt, c, (1.0, 1.0, 0.4)), 6.0, 3, 0.5)
    h = math_node(nt, 'ADD', creases, math_node(nt, 'MULTIPLY', pucker, 0.25))
    tone = ramp(nt, noise(nt, c, 1.2, 4, 0.5), [(0.3, tuple(v * 0.92 for v in color)), (0.7, tuple(v * 1.06 for v in color))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', creases, 0.25), tone, tuple(v * 1.3 for v in color))
    p = principled(nt, out, col, 0.55, 0.45, 0.0, bump(nt, h, 0.6, 0.01))
    p.inputs['Sheen'].default_value = 0.6
    return m


def s11c_stanchions(posts, post_mat, rope_mat, height=0.95, gaps=()):
    """Brass stanchions at the given (x, y) points, each a little off plumb, ropes hung between them with
    uneven sag; a rope unhooked at each gap index hangs straight down from its post."""
    rng = random.Random(909)
    for i, (x, y) in enumerate(posts):
        tx, ty = rng.gauss(0, 0.008), rng.gauss(0, 0.008)
        cylinder(0.17, 0.03, (x, y, 0.015), post_mat, verts=40)
        cylinder(0.11, 0.05, (x, y, 0.05), post_mat, verts=32)
        o = cylinder(0.025, height, (x + tx * height / 2, y + ty * height / 2, height / 2), post_mat, verts=20)
        o.rotation_euler = (-ty, tx, 0)
        sphere(0.045, (x + tx * height, y + ty * height, height + 0.03), post_mat, subdiv=3)
        posts[i] = (x + tx * (height - 0.06), y + ty * (height - 0.06))
    for i, ((ax, ay), (bx, by)) in enumerate(zip(posts, posts[1:])):
        z = height - 0.06
        if i in gaps:
            wire([(ax + 0.04, ay, z), (ax + 0.06, ay - 0.02, z - 0.35), (ax + 0.05, ay - 0.03, z - 0.62)], 0.017,
                 rope_mat, 'rope-down')
            continue
        wire(catenary((ax + 0.04, ay, z), (bx - 0.04, by, z), rng.uniform(0.2, 0.32)), 0.017, rope_mat, 'rope')


def s11c_props(brass):
    """Session 11, red carpet: a lectern with a gooseneck microphone, a speaker on a tripod, a cocktail
    table in a white stretch cover, a potted plant, cables run along the floor and taped down."""
    import numpy as np
    black = simple_mat('s11c-black', (0.018, 0.018, 0.02), 0.45, grain=0.08, grain_scale=10)
    steel = simple_mat('s11c-steel', (0.4, 0.4, 0.41), 0.35, metallic=0.9, grain=0.05)
    walnut = simple_mat('s11c-lectern', (0.1, 0.055, 0.03), 0.4, grain=0.2, grain_scale=4)
    # Lectern (left), slightly turned, a brass plate on its front.
    lx, ly = -5.2, 4.3
    box((0.62, 0.46, 1.1), (lx, ly, 0.55), walnut, bevel=0.01, rot=(0, 0, 0.2))
    box((0.7, 0.52, 0.04), (lx, ly + 0.02, 1.13), walnut, bevel=0.005, rot=(math.radians(-15), 0, 0.2))
    box((0.34, 0.01, 0.12), (lx - 0.05, ly - 0.24, 0.82), brass, bevel=0.002, rot=(0, 0, 0.2))
    wire([(lx + 0.12, ly + 0.05, 1.15), (lx + 0.1, ly - 0.02, 1.32), (lx + 0.05, ly - 0.12, 1.4)], 0.006, black, 'mic')
    sphere(0.022, (lx + 0.045, ly - 0.14, 1.41), black, subdiv=2)
    # Speaker on a tripod (right).
    sx, sy = -6.3, 5.5
    soup = Soup()
    for k in range(3):
        a = 2 * math.pi * k / 3 + 0.4
        tube(soup, [(sx, sy, 0.75), (sx + 0.55 * math.cos(a), sy + 0.55 * math.sin(a), 0.0)], np.array([0.014, 0.014]), 0, sides=8)
    tube(soup, [(sx, sy, 0.0 + 0.6), (sx, sy, 1.75)], np.array([0.018, 0.018]), 0, sides=10)
    put(soup.mesh('s11c-tripod', [black], smooth=True), (0, 0, 0), name='s11c-tripod')
    box((0.38, 0.32, 0.6), (sx, sy, 2.05), black, bevel=0.02, rot=(0, 0, -0.35))
    box((0.3, 0.005, 0.5), (sx + 0.06, sy - 0.16, 2.05), simple_mat('s11c-grille', (0.03, 0.03, 0.032), 0.8, grain=0.3,
                                                                    grain_scale=200), bevel=0, rot=(0, 0, -0.35))
    # Cocktail table in a white stretch cover (right, far).
    soup = Soup()
    zs = np.array([0.0, 0.15, 0.45, 0.75, 0.98, 1.08, 1.1])
    rs = np.array([0.32, 0.2, 0.07, 0.07, 0.25, 0.36, 0.36])
    tube(soup, [(5.7, 4.25, z) for z in zs], rs, 0, sides=28)
    put(soup.mesh('s11c-cocktail', [simple_mat('s11c-lycra', (0.7, 0.7, 0.68), 0.7, grain=0.04)], smooth=True),
        (0, 0, 0), name='s11c-cocktail')
    cylinder(0.36, 0.01, (5.7, 4.25, 1.105), simple_mat('s11c-lycra-top', (0.7, 0.7, 0.68), 0.7), verts=28)
    # A plant beside the backdrop.
    leaf = leaf2_mat('s11c-rc-leaf', (0.02, 0.045, 0.016), (0.08, 0.13, 0.04), translucent=0.3)
    bark = bark2_mat('s11c-rc-bark', (0.08, 0.07, 0.06))
    s11c_plant(6.5, 5.4, 1.7, 81, black, leaf, bark, pot_r=0.26, pot_h=0.6)
    # Cables: from the uplights along the backdrop's foot to the tower; one across the front, taped.
    wire([(-4.3, 5.75, 0.012), (-1.5, 5.8, 0.012), (1.2, 5.72, 0.012), (3.8, 5.78, 0.012), (5.3, 6.0, 0.012)], 0.009,
         black, 'cable')
    wire([(-12, -2.85, 0.01), (-6, -2.8, 0.01), (-1, -2.95, 0.01), (4, -2.88, 0.01), (12, -2.7, 0.01)], 0.008, black,
         'cable-front')
    tape = simple_mat('s11c-gaffer', (0.025, 0.025, 0.027), 0.55, grain=0.1, grain_scale=40)
    rng = random.Random(5)
    for tx in (-7.5, -3.9, 0.6, 4.4, 8.1):
        box((0.05, 0.28, 0.003), (tx, -2.9 + rng.uniform(-0.05, 0.05), 0.012), tape, bevel=0,
            rot=(0, 0, rng.gauss(0, 0.08)))


def s_red_carpet():
    """Session 11 (reviewers: a printed drawing): a car launch photographed at the event. The car stands
    on a real red runner laid across the frame (two rolls butted at a seam, tufted pile, faint wrinkles, a
    bound edge, crushed tracks), in front of a dark blue fabric backdrop hung from a goalpost truss (hanging
    folds, storage creases, uplit from the floor so it falls off upward), a black header with steel
    letters, profile spots on the truss firing back-light beams through haze, brass stanchions with uneven
    ropes (one unhooked), a lectern, a speaker on a tripod, a cocktail table, a plant, taped-down cables.
    35 mm at 8 m, 1.3 m, tilted up 2 degrees, f/4 (as before). Not a night scene for the grade: the car
    stands in the show's light on the carpet, and graded down to the dark hall's level it read as a dark car
    on a bright carpet."""
    import numpy as np
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    world_grad((0.003, 0.003, 0.004), (0.002, 0.002, 0.003), 1.0)
    plane(200, 200, (0, 0, 0), satin_concrete_mat((0.045, 0.045, 0.048), 0.38, record=False))
    # The runner: 5 m deep, a grid with a few soft wrinkles off the car's footprint, its front edge wavering.
    carpet = s11c_carpet_mat('s11c-runner', (0.15, 0.006, 0.009))
    wr = [(-6.6, -1.3, 20, 2.2, 0.024, 0.07), (5.9, 1.9, -35, 1.7, 0.018, 0.06), (-4.3, 2.4, 70, 1.2, 0.014, 0.05),
          (8.6, -1.4, 10, 2.6, 0.026, 0.08), (3.9, -1.85, 80, 0.7, 0.015, 0.05), (-9.5, 0.8, -60, 1.8, 0.018, 0.06),
          (-3.4, -1.95, 95, 0.6, 0.012, 0.04)]

    def carpet_z(X, Y):
        z = np.full(X.shape, 0.011)
        for x0, y0, ang, L, hh, w in wr:
            a = math.radians(ang)
            al = (X - x0) * math.cos(a) + (Y - y0) * math.sin(a)
            pe = -(X - x0) * math.sin(a) + (Y - y0) * math.cos(a)
            z += 1.6 * hh * np.exp(-(pe / (1.3 * w)) ** 2) * np.exp(-(al / (L / 2)) ** 4)
        return z

    y0c, y1c = -2.1, 2.9
    ys = np.linspace(y0c, y1c, 101)
    xs = np.linspace(-16, 16, 401)
    o = s11c_grid('s11c-carpet', xs, ys, carpet_z, carpet)
    me = o.data
    for v in me.vertices:  # the edges are not ruler-straight
        if abs(v.co.y - y0c) < 1e-4 or abs(v.co.y - y1c) < 1e-4:
            v.co.y += 0.012 * math.sin(v.co.x * 0.7) + 0.006 * math.sin(v.co.x * 2.3 + 1.0)
            v.co.z = 0.006
    binding = velvet_mat('s11c-binding', (0.07, 0.004, 0.007), sheen=0.5)
    for y in (y0c, y1c):
        wire([(x, y + 0.012 * math.sin(x * 0.7) + 0.006 * math.sin(x * 2.3 + 1.0), 0.006) for x in np.linspace(-16, 16, 161)],
             0.007, binding, 'binding')
    brass = brass_mat('s11c-brass')
    velvet = velvet_mat('s11c-velvet', (0.3, 0.01, 0.02))
    rng = random.Random(31)
    posts = [(x + rng.uniform(-0.12, 0.12), 3.45 + rng.uniform(-0.06, 0.06)) for x in
             (-11.0, -8.7, -6.5, -4.2, -1.9, 0.3, 2.6, 4.8, 7.0, 9.3, 11.6)]
    s11c_stanchions(posts, brass, velvet, gaps=(7,))
    # The backdrop: fabric hung from the goalpost truss's beam, hanging folds heavier towards the hem,
    # puckers between the ties along the top.
    wy, bw, bh = 6.2, 10.4, 4.3
    rs = np.random.RandomState(7)
    waves = [(rs.uniform(0.012, 0.035), rs.uniform(0.45, 1.9), rs.uniform(0, 6.28)) for _ in range(7)]

    def cloth_y(X, Z):
        t = 1.0 - Z / bh
        y = np.full(X.shape, wy)
        for a, lam, ph in waves:
            y += a * (0.35 + 0.65 * t) * np.sin(2 * math.pi * X / lam + ph + 0.6 * Z)
        y += 0.014 * np.exp(-(bh - Z) / 0.22) * np.cos(2 * math.pi * X / 0.5)
        y += 0.02 * np.exp(-Z / 0.15)  # the hem, weighted, sits back a little
        return y

    s11c_grid('s11c-backdrop', np.linspace(-bw / 2, bw / 2, 261), np.linspace(0.04, bh, 109), cloth_y,
              s11c_backdrop_mat('s11c-backdrop'), plane='XZ')
    alu = simple_mat('s11c-alu', (0.55, 0.56, 0.57), 0.3, metallic=1.0, grain=0.03)
    tz = bh + 0.75
    for s in (-1, 1):
        s11c_truss((s * (bw / 2 + 0.3), wy, 0.05), (s * (bw / 2 + 0.3), wy, tz), alu, name='s11c-tower')
        box((0.7, 0.7, 0.02), (s * (bw / 2 + 0.3), wy, 0.01), simple_mat('s11c-base', (0.1, 0.1, 0.1), 0.5, metallic=0.6),
            bevel=0.003)
    s11c_truss((-bw / 2 - 0.45, wy, tz), (bw / 2 + 0.45, wy, tz), alu, name='s11c-beam')
    # A black header board with steel letters under the beam.
    black = simple_mat('s11c-header', (0.015, 0.015, 0.017), 0.35, grain=0.03)
    box((bw + 0.1, 0.06, 0.52), (0, wy - 0.08, bh + 0.28), black, bevel=0.004)
    steel = simple_mat('s11c-letters', (0.75, 0.75, 0.74), 0.3, grain=0.03, grain_scale=20)  # white acrylic
    shop_name('NOVA MOTORS', -1.6, wy - 0.115, bh + 0.13, 0.28, steel, depth=0.015, spacing=1.25)
    shop_name('YENİ MODEL LANSMANI', 3.0, wy - 0.115, bh + 0.19, 0.11, steel, depth=0.01, spacing=1.15)
    drape = drape_mat('s11c-drape')
    box((60, 0.1, 12), (0, wy + 1.8, 6), drape, bevel=0)
    box((60, 60, 0.2), (0, 20, 9.0), black, bevel=0)  # the hall's dark ceiling
    s11c_props(brass)
    # Lights: three soft profile spots from the out-of-frame front truss (the key, pools feathered out),
    # uplights on the floor grazing the backdrop, back-light beams from the goalpost beam through haze.
    body = simple_mat('s11c-fixture', (0.015, 0.015, 0.016), 0.5)
    lens = no_light_sampling(emission_mat('s11c-lens', (1.0, 0.9, 0.75), 25.0))
    box_truss(-9.0, 9.0, 1.2, 6.3, alu)
    soft = area_light((0.4, -0.6, 6.2), 5.0, 200, (1.0, 0.9, 0.78), size_y=1.4, target=(0.2, 0.2, 0))
    soft.data.spread = math.radians(55)  # a gridded soft light: it falls off before the backdrop
    soft.visible_volume_scatter = False  # it would fill the haze into a grey veil
    for x, tx, p in ((-3.4, -1.5, 330), (3.7, 1.6, 360)):
        spot_light((x, 1.0, 6.1), p, (tx, -0.6, 0), angle_deg=60, blend=1.0, color=(1.0, 0.9, 0.76), radius=0.15)
    up_lens = no_light_sampling(emission_mat('s11c-uplens', (0.45, 0.6, 1.0), 20.0))
    for x, p, tz_ in ((-4.1, 380, 2.4), (-1.3, 460, 2.9), (1.5, 400, 2.6), (4.2, 440, 2.2)):
        can = cylinder(0.09, 0.2, (x, wy - 0.65, 0.13), body, verts=20)
        can.rotation_euler = (math.radians(-28), 0, 0)
        camera_only(cylinder(0.07, 0.01, (x, wy - 0.6, 0.22), up_lens, verts=16)).rotation_euler = (math.radians(-28), 0, 0)
        spot_light((x, wy - 0.62, 0.25), p, (x + 0.1, wy, tz_), angle_deg=75, blend=0.9, color=(0.42, 0.55, 1.0), radius=0.05)
    for x, tx in ((-3.2, -1.4), (0.2, 0.0), (3.4, 1.5)):
        stage_fixture(x, wy - 0.35, tz - 0.32, (tx, 0.3, 0), 650, body, lens, angle=16)
    fill = area_light((0, -9.0, 4.0), 6.0, 200, (1.0, 0.9, 0.8), size_y=2.0, target=(0, 1.0, 0.5))
    fill.visible_volume_scatter = False
    haze = bpy.data.materials.new('s11c-haze')
    haze.use_nodes = True
    hn = haze.node_tree
    hn.nodes.remove(hn.nodes['Principled BSDF'])
    vol = hn.nodes.new('ShaderNodeVolumePrincipled')
    vol.inputs['Density'].default_value = 0.01
    link(hn, vol.outputs[0], hn.nodes['Material Output'].inputs['Volume'])
    o = box((40, 7.5, 8.5), (0, 2.2, 4.3), haze, bevel=0)
    o.visible_shadow = False
    key(0, 55, 0.4, (1.0, 0.9, 0.76))
    camera(focal=35.0, fstop=4.0, pitch_deg=2.0, height=1.3, distance=8.0)
    render_settings(exposure=0.2, glare=0.25)
    return extra


def pl_facade(x0, x1, y, floors, storey, base_h, stone, glass, frame, rng, name):
    """A contemporary office front: a glazed ground floor behind slim mullions, and above it a stone skin
    with deep-set windows whose widths and places change from floor to floor (piers and spandrels as real
    boxes, so each reveal casts its shadow; glass set 0.3 m back)."""
    top = base_h + floors * storey
    plane(x1 - x0, top, ((x0 + x1) / 2, y + 0.3, top / 2), glass, rot=(math.pi / 2, 0, 0))
    skin = Batch(stone, name + '-stone')
    fr = Batch(frame, name + '-frames')
    x = x0
    while x < x1 - 0.01:
        fr.box((0.07, 0.2, base_h - 0.4), (x, y + 0.25, (base_h - 0.4) / 2))
        x += 1.5
    fr.box((x1 - x0, 0.2, 0.08), (((x0 + x1) / 2), y + 0.25, base_h * 0.55))
    skin.box((x1 - x0, 0.6, 0.5), ((x0 + x1) / 2, y, base_h - 0.15))  # the slab edge over the ground floor
    widths = (0.9, 1.8, 2.7, 0.9, 1.8)
    for f in range(floors):
        z0 = base_h + f * storey
        sill, head = z0 + rng.uniform(0.7, 0.9), z0 + storey - rng.uniform(0.35, 0.5)
        skin.box((x1 - x0, 0.6, sill - z0), ((x0 + x1) / 2, y, (z0 + sill) / 2))
        skin.box((x1 - x0, 0.6, z0 + storey - head), ((x0 + x1) / 2, y, (head + z0 + storey) / 2))
        x = x0 + rng.uniform(0.0, 1.2)
        skin.box((x - x0, 0.6, head - sill), ((x0 + x) / 2, y, (sill + head) / 2))
        while x < x1:
            w = rng.choice(widths)
            pier = rng.choice((0.6, 0.9, 1.2, 1.5))
            x += w
            if x >= x1:
                break
            for k in range(1, int(w / 0.9)):
                fr.box((0.05, 0.12, head - sill), (x - w + k * 0.9, y + 0.26, (sill + head) / 2))
            p1 = min(x + pier, x1)
            skin.box((p1 - x, 0.6, head - sill), ((x + p1) / 2, y, (sill + head) / 2))
            x = p1
    skin.box((x1 - x0, 0.8, 0.6), ((x0 + x1) / 2, y, top + 0.3))
    skin.done()
    fr.done()


def s_plaza():
    """An open-air plaza by a new office building (session 9; was a wall of grey squares): the car on
    large light limestone slabs (1.8 x 0.9 m, fine joints), a low contemporary stone-and-glass
    building behind with deep window reveals of changing widths, a glazed ground floor with the lobby lit,
    young plane trees in low concrete planters, benches; a neighbouring bronze-finned block set back; high
    sun from the front left, scattered cumulus. Calm, for the studio series: 35 mm at 8 m, 1.3 m, tilted up 2 degrees, f/5.6."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 40, 215  # from the front left: the reveals and the planters cast shadows to the right
    fair_day(sun_elev, sun_az, cover=0.3, seed=11.0)
    plane(6000, 6000, (0, 0, 0), brick_mat('plaza-limestone', (0.5, 0.48, 0.44), (0.36, 0.35, 0.32), (1.8, 0.9), 0.002,
                                           ground=True, rough=0.7, shade=0.95))
    meta['floor'] = {'gloss': 0.03, 'roughness': 0.7, 'kind': 'stone-paving'}
    rng = random.Random(9)
    fy = 22.0
    stone = plaster_mat('pl-travertine', (0.74, 0.7, 0.62), 0.75, streaks=True)
    glass = curtain_glass_mat('pl-glass', inside=(0.06, 0.06, 0.055))
    frame = simple_mat('pl-frame', (0.16, 0.16, 0.17), 0.35, metallic=0.7, grain=0.03)
    pl_facade(-30.0, 6.0, fy, 2, 3.8, 5.0, stone, glass, frame, rng, 'pl-main')
    # The lobby behind the ground floor's glass: a pale floor, a back wall and a lit ceiling.
    box((36, 10, 0.05), (-12.0, fy + 5.3, 0.02), floor_material('marble', (0.7, 0.68, 0.64)), bevel=0)
    box((36, 0.3, 4.6), (-12.0, fy + 10.0, 2.3), plaster_mat('pl-lobby-wall', (0.55, 0.52, 0.47), 0.6, streaks=False), bevel=0)
    box((0.3, 10, 4.6), (6.0, fy + 5.3, 2.3), plaster_mat('pl-lobby-wall', (0.55, 0.52, 0.47), 0.6, streaks=False), bevel=0)
    area_light((-12.0, fy + 5.0, 4.5), 30.0, 1500, (1.0, 0.95, 0.88), size_y=8.0, target=(-12.0, fy + 5.0, 0))
    # The neighbour to the right: darker, lower, set well back, with bronze fins; sky above it.
    ny = fy + 12.0
    bronze = simple_mat('pl-bronze', (0.16, 0.11, 0.07), 0.4, metallic=0.85, grain=0.06)
    box((30, 20, 16), (24.0, ny + 10.3, 8), curtain_glass_mat('pl-glass-b', inside=(0.03, 0.03, 0.03), f0=0.15), bevel=0)
    fins = Batch(bronze, 'pl-fins')
    x = 9.4
    while x < 39:
        fins.box((0.12, 0.8, 16), (x, ny - 0.1, 8))
        x += 1.2
    for z in range(4, 17, 4):
        fins.box((30, 0.9, 0.25), (24.0, ny - 0.1, z))
    fins.done()
    # A walkway between the two in shadow, towers of the district behind.
    for i, (tx, ty, w, h, tint) in enumerate(((-55.0, 80.0, 30.0, 120.0, (0.66, 0.74, 0.8)),
                                               (30.0, 120.0, 30.0, 160.0, (0.75, 0.76, 0.74)))):
        box((w, w, h), (tx, ty, h / 2), tower_wall_mat('pl-tower-%d' % i, tint), bevel=0)
    # Planters with young plane trees, and benches, along the building, clear of the car.
    conc = satin_concrete_mat((0.5, 0.49, 0.47), 0.7, record=False)
    leaf = leaf2_mat('pl-leaf', (0.04, 0.07, 0.02), (0.14, 0.2, 0.06), translucent=0.35)
    bark = bark2_mat('pl-bark', (0.16, 0.15, 0.13), lichen=(0.3, 0.3, 0.25))
    for i, (x, y) in enumerate(((-11.0, 12.0), (-4.5, 15.5), (8.0, 12.0))):
        me = broadleaf_mesh(70 + i, rng.uniform(5.5, 6.5), 2.4, name='pl-tree-%d' % i, mats=[leaf, bark])
        planter_tree(me, x, y, conc, pot=(2.4, 2.4, 0.5))
    wood = simple_mat('pl-bench', (0.2, 0.12, 0.07), 0.6, grain=0.15)
    for x in (-8.0, 4.0):
        box((2.6, 0.55, 0.42), (x, 14.0, 0.21), conc, bevel=0.01)
        box((2.5, 0.5, 0.05), (x, 14.0, 0.445), wood, bevel=0.01)
    camera(focal=35.0, fstop=5.6, pitch_deg=2.0, height=1.3, distance=8.0)
    render_settings(exposure=-1.4, mist={'start': 80, 'depth': 1500, 'color': (0.62, 0.68, 0.76)})
    return extra


def climber_mesh(path, seed, name, mats, leaves=9000, flowers=700, reach=0.22):
    """Climbing roses trained over a frame: around points along `path` (m, 3) single leaves (small
    triangles, 4-7 cm) and open blooms (six petals, 3-4 cm, cupped), thicker where the plant has grown
    longest (at the feet and over the crown). Material 0 leaves, 1 petals; face attribute `tone`."""
    import numpy as np
    rng = np.random.default_rng(seed)
    path = np.asarray(path, float)
    seg = np.linalg.norm(np.diff(path, axis=0), axis=1)
    cum = np.concatenate([[0], np.cumsum(seg)])
    soup = Soup()

    def sites(n):
        # More growth near the feet and over the top; some bare stretches on the way up.
        t = rng.random(n * 3) * cum[-1]
        u = t / cum[-1]
        w = 0.45 + 0.55 * np.maximum(np.exp(-((u - 0.5) / 0.18) ** 2), np.exp(-(np.minimum(u, 1 - u) / 0.12) ** 2))
        w *= 0.6 + 0.4 * np.sin(u * 37.0 + seed) ** 2
        t = t[rng.random(len(t)) < w][:n]
        p = np.stack([np.interp(t, cum, path[:, k]) for k in range(3)], axis=1)
        d = rng.normal(size=(len(t), 3))
        d /= np.linalg.norm(d, axis=1, keepdims=True)
        return p + d * (reach * rng.random(len(t)) ** 0.6)[:, None], d

    c, d = sites(leaves)
    n = len(c)
    sz = rng.uniform(0.04, 0.07, n)[:, None]
    nrm = rng.normal(size=(n, 3)) + d * 1.2
    nrm /= np.linalg.norm(nrm, axis=1, keepdims=True)
    a, b = _frame(nrm, np)
    tri = np.stack([c + a * sz, c - a * sz * 0.4 + b * sz * 0.45, c - a * sz * 0.4 - b * sz * 0.45], axis=1)
    soup.add(tri, 0, tone=rng.random(n))
    c, d = sites(flowers)
    for k in range(len(c)):
        nr = d[k] + rng.normal(0, 0.4, 3)
        nr /= np.linalg.norm(nr)
        a, b = _frame(nr[None, :], np)
        a, b = a[0], b[0]
        r = rng.uniform(0.035, 0.05)
        tone = rng.random()
        for j in range(6):
            ang = 2 * np.pi * j / 6 + rng.uniform(0, 0.5)
            e = np.cos(ang) * a + np.sin(ang) * b
            e2 = np.cos(ang + 1.3) * a + np.sin(ang + 1.3) * b
            # Petals rise towards their tips: a cupped bloom, an inner ring smaller.
            ring = 1.0 if j % 2 else 0.6
            p0 = c[k] + nr * 0.01
            p1 = c[k] + e * r * ring + nr * r * 0.5
            p2 = c[k] + e2 * r * ring + nr * r * 0.35
            soup.add([p0, p1, p2], 1, tone=tone)
    return soup.mesh(name, mats)


def lawn_mat(name, base=(0.05, 0.09, 0.025)):
    """A mown lawn: the mower's stripes across the frame (grass laid towards and away from the eye, lighter
    and darker in 1.5-m bands), patches of greener and yellower growth, and a strong fine blade bump."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    band = math_node(nt, 'SINE', math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', sep.outputs['Y'],
                                                                       math_node(nt, 'MULTIPLY', noise(nt, c, 0.2, 2, 0.5), 0.6)),
                                               math.pi / 1.5))
    stripes = ramp(nt, band, [(0.0, (0.82, 0.82, 0.82)), (0.3, (1.12, 1.12, 1.12))])  # sine < 0 clamps to 0
    col = ramp(nt, noise(nt, c, 0.4, 5, 0.6), [(0.3, tuple(v * 0.75 for v in base)), (0.55, base), (0.8, (0.11, 0.12, 0.04))])
    col = mix_rgb(nt, 1.0, col, stripes, 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 12.0, 3, 0.6), [(0.3, (0.8, 0.8, 0.8)), (0.7, (1.15, 1.15, 1.15))]), 'MULTIPLY')
    principled(nt, out, col, 0.85, 0.35, 0.0, bump(nt, noise(nt, c, 600, 2, 0.5), 0.9, 0.02))
    return m


def garden_chair(batch, x, y, rot):
    """A white folding garden chair (seat 42 cm, back slats) into `batch`, facing -Y turned by `rot`."""
    cs, sn = math.cos(rot), math.sin(rot)

    def at(dx, dy):
        return (x + dx * cs - dy * sn, y + dx * sn + dy * cs)
    for dx in (-0.19, 0.19):
        for dy in (-0.18, 0.18):
            px, py = at(dx, dy)
            batch.box((0.025, 0.025, 0.45), (px, py, 0.225), rot_z=rot)
        px, py = at(dx, 0.2)
        batch.box((0.025, 0.025, 0.45), (px, py, 0.67), rot_z=rot)
    px, py = at(0, 0)
    batch.box((0.42, 0.4, 0.03), (px, py, 0.46), rot_z=rot)
    for z in (0.62, 0.74, 0.86):
        px, py = at(0, 0.2)
        batch.box((0.4, 0.015, 0.05), (px, py, z), rot_z=rot)


def s11g_gravel_mat():
    """Session 11 (wedding car): a raked limestone gravel drive worn by cars: pea gravel and grit (each
    stone its own pale ochre-grey, dark gaps between), two compacted tyre tracks running across the frame
    (finer, darker, smoother, their edges ragged), bare earth showing through in patches, dust and damp
    stains, fallen plane leaves and petals strewn about. World coordinates. Records the floor."""
    m, nt, out = new_mat('s11g-gravel')
    p = s11d_world_pos(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    st = nt.nodes.new('ShaderNodeTexVoronoi')
    st.inputs['Scale'].default_value = 34.0
    link(nt, p, st.inputs['Vector'])
    big = nt.nodes.new('ShaderNodeTexVoronoi')
    big.inputs['Scale'].default_value = 14.0
    link(nt, p, big.inputs['Vector'])
    scol = ramp(nt, st.outputs['Color'], [(0.0, (0.36, 0.32, 0.26)), (0.35, (0.52, 0.47, 0.39)), (0.7, (0.6, 0.56, 0.49)),
                                          (0.9, (0.45, 0.43, 0.4)), (1.0, (0.68, 0.64, 0.57))])
    bcol = ramp(nt, big.outputs['Color'], [(0.0, (0.42, 0.38, 0.31)), (0.5, (0.62, 0.58, 0.5)), (1.0, (0.5, 0.47, 0.42))])
    bmask = ramp(nt, noise(nt, p, 1.3, 4, 0.6), [(0.45, (0, 0, 0)), (0.65, (1, 1, 1))])
    col = mix_rgb(nt, bmask, scol, bcol)
    gap = ramp(nt, st.outputs['Distance'], [(0.3, (0, 0, 0)), (0.7, (1, 1, 1))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', gap, 0.85), col, (0.12, 0.1, 0.08))
    # Tyre tracks across the frame: compacted, finer, a little darker, ragged edges.
    wob = math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, p, 0.4, 4, 0.6), 0.5), 0.5))
    wob = math_node(nt, 'ADD', wob, math_node(nt, 'MULTIPLY', noise(nt, p, 12.0, 4, 0.7), 0.12))
    track = math_node(nt, 'MAXIMUM', smooth_band(nt, wob, -2.4, -2.1, -1.75, -1.45), smooth_band(nt, wob, 2.2, 2.5, 2.85, 3.15))
    track = math_node(nt, 'MULTIPLY', track, ramp(nt, noise(nt, p, 0.7, 3, 0.6), [(0.3, (0.55, 0.55, 0.55)), (0.6, (0.95, 0.95, 0.95))]))
    fine = ramp(nt, noise(nt, p, 90.0, 3, 0.7), [(0.3, (0.33, 0.29, 0.23)), (0.7, (0.46, 0.41, 0.34))])
    col = mix_rgb(nt, track, col, fine)
    # Bare earth and dust patches, damp stains.
    earth = math_node(nt, 'MULTIPLY', smooth_band(nt, noise(nt, p, 0.35, 6, 0.65), 0.58, 0.68), 0.8)
    col = mix_rgb(nt, earth, col, ramp(nt, noise(nt, p, 8.0, 4, 0.6), [(0.3, (0.3, 0.24, 0.17)), (0.7, (0.4, 0.33, 0.24))]))
    tone = ramp(nt, noise(nt, p, 0.12, 5, 0.6), [(0.3, (0.82, 0.8, 0.77)), (0.7, (1.08, 1.05, 1.0))])
    col = mix_rgb(nt, 1.0, col, tone, 'MULTIPLY')
    damp = ramp(nt, noise(nt, p, 0.8, 6, 0.7), [(0.66, (1, 1, 1)), (0.76, (0.68, 0.65, 0.6))])
    col = mix_rgb(nt, 1.0, col, damp, 'MULTIPLY')
    # Fallen leaves (dry, brown-ochre) and a few white petals.
    lf = nt.nodes.new('ShaderNodeTexVoronoi')
    lf.inputs['Scale'].default_value = 4.5
    link(nt, math_node_vec_scale(nt, p, (1.0, 1.6, 1.0)), lf.inputs['Vector'])
    lmask = math_node(nt, 'MULTIPLY', ramp(nt, lf.outputs['Distance'], [(0.0, (1, 1, 1)), (0.07, (0, 0, 0))]),
                      ramp(nt, lf.outputs['Color'], [(0.55, (0, 0, 0)), (0.56, (1, 1, 1))]))
    lcol = ramp(nt, noise(nt, p, 3.0, 3, 0.6), [(0.3, (0.3, 0.17, 0.06)), (0.7, (0.45, 0.3, 0.1))])
    col = mix_rgb(nt, lmask, col, lcol)
    pt = nt.nodes.new('ShaderNodeTexVoronoi')
    pt.inputs['Scale'].default_value = 9.0
    link(nt, p, pt.inputs['Vector'])
    pmask = math_node(nt, 'MULTIPLY', ramp(nt, pt.outputs['Distance'], [(0.0, (1, 1, 1)), (0.03, (0, 0, 0))]),
                      ramp(nt, pt.outputs['Color'], [(0.8, (0, 0, 0)), (0.81, (1, 1, 1))]))
    col = mix_rgb(nt, pmask, col, (0.8, 0.78, 0.74))
    h = math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', 1.0, st.outputs['Distance']), math_node(nt, 'SUBTRACT', 1.0, track))
    h = math_node(nt, 'ADD', h, math_node(nt, 'MULTIPLY', noise(nt, p, 40.0, 4, 0.6), 0.3))
    principled(nt, out, col, 0.86, 0.25, 0.0, bump(nt, h, 0.9, 0.015))
    meta['floor'] = {'gloss': 0.01, 'roughness': 0.86, 'kind': 'gravel'}
    return m


def s_wedding():
    """A garden wedding venue at golden hour (session 9; was a cartoon flower arch with ball trees): the
    car on pale limestone paving, behind it a white steel arch grown over with climbing white roses
    (thousands of single leaves and blooms), glass lanterns with candles either side, white chairs in rows
    on the lawn beyond for the ceremony, festoon lights strung across on posts, old plane trees backlit by
    a low sun from behind on the left. 40 mm at 8 m, 1.3 m, level, f/4."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 12, 240
    cumulus_sky(sun_elev, sun_az, cover=0.5, scale=1.1, cloud_light=1.1, seed=7.0, tint=(1.0, 0.8, 0.62), squash=0.5)
    sun_light(sun_elev, sun_az, 4.5, (1.0, 0.7, 0.45), angle_deg=0.55)
    key(sun_az, sun_elev, 0.2, (1.0, 0.7, 0.45))
    py = 9.5  # where the paving meets the lawn
    plane(120, 60, (0, py - 30, 0), s11g_gravel_mat())
    kerb = plaster_mat('wd-kerb', (0.6, 0.57, 0.5), 0.7, streaks=False)
    box((120, 0.25, 0.12), (0, py, 0.06), kerb, bevel=0.01)
    plane(200, 120, (0, py + 60.1, 0.01), lawn_mat('wd-lawn'))
    # The arch: twin white steel hoops with rungs, roses over it.
    ay, half, spring = 8.0, 1.6, 2.3
    white = simple_mat('wd-white', (0.85, 0.85, 0.83), 0.35, grain=0.03)
    path = [(-half, ay, 0.0), (-half, ay, spring)]
    path += [(-half * math.cos(math.pi * k / 24), ay, spring + half * math.sin(math.pi * k / 24)) for k in range(1, 24)]
    path += [(half, ay, spring), (half, ay, 0.0)]
    for dy in (-0.12, 0.12):
        wire([(x, y + dy, z) for (x, y, z) in path], 0.025, white, 'arch')
    rungs = Batch(white, 'arch-rungs')
    for (x, y, z) in path[1::2]:
        rungs.box((0.02, 0.24, 0.02), (x, y, z))
    rungs.done()
    leaf = leaf2_mat('wd-rose-leaf', (0.02, 0.045, 0.015), (0.08, 0.13, 0.04), translucent=0.3)
    petal = leaf2_mat('wd-petal', (0.85, 0.82, 0.76), (1.0, 0.98, 0.94), translucent=0.35)
    put(climber_mesh(path, 3, 'roses', [leaf, petal], leaves=12000, flowers=4000), (0, 0, 0), name='roses')
    # Lanterns either side of the arch and along the paving's edge: black frames, glass, a candle each.
    black = simple_mat('wd-black', (0.03, 0.03, 0.03), 0.4)
    glass = shop_glass_mat('wd-lantern-glass')
    flame = emission_mat('wd-candle', (1.0, 0.6, 0.25), 12.0)
    for x, s in ((-2.4, 0.55), (2.4, 0.55), (-6.0, 0.4), (5.5, 0.4), (-9.5, 0.4), (9.0, 0.4)):
        y = ay - 0.3 if abs(x) < 3 else py - 0.6
        box((0.24 * s / 0.4, 0.24 * s / 0.4, s), (x, y, s / 2 + 0.02), glass, bevel=0)
        for dx in (-1, 1):
            for dy in (-1, 1):
                box((0.02, 0.02, s), (x + dx * 0.12 * s / 0.4, y + dy * 0.12 * s / 0.4, s / 2 + 0.02), black, bevel=0)
        box((0.28 * s / 0.4, 0.28 * s / 0.4, 0.04), (x, y, s + 0.04), black, bevel=0.005)
        cylinder(0.03, 0.12, (x, y, 0.1), simple_mat('wd-wax', (0.9, 0.88, 0.8), 0.6), verts=12)
        sphere(0.012, (x, y, 0.18), flame, subdiv=1)
        point_light((x, y, 0.2), 3.0, (1.0, 0.6, 0.3), radius=0.02)
    # Chairs for the ceremony on the lawn, an aisle between the two blocks.
    chairs = Batch(white, 'chairs')
    rng = random.Random(4)
    for r in range(5):
        for c in range(5):
            for s in (-1, 1):
                garden_chair(chairs, s * (1.3 + c * 0.55), 12.0 + r * 0.95 + rng.gauss(0, 0.03), rng.gauss(0, 0.05))
    chairs.done()
    chairs2 = Batch(white, 's11g-chairs2')
    # Round guest tables with linen and their chairs at the sides of the lawn.
    linen = simple_mat('s11g-linen', (0.82, 0.8, 0.76), 0.8, grain=0.05)
    for x, y in ((-7.6, 13.5), (8.3, 14.2), (-10.6, 16.0), (11.2, 12.6)):
        cylinder(0.85 + rng.uniform(-0.05, 0.05), 0.76, (x, y, 0.38), linen, verts=40)
        for a in range(6):
            t = a * 1.047 + rng.uniform(-0.2, 0.2)
            garden_chair(chairs2, x + 1.2 * math.cos(t), y + 1.2 * math.sin(t), t + math.pi / 2)
    chairs2.done()
    # Festoon lights strung across on timber posts.
    post = bark2_mat('wd-post', (0.12, 0.09, 0.06))
    wmat = simple_mat('wd-cable', (0.02, 0.02, 0.02), 0.5)
    bulb = emission_mat('wd-bulb', (1.0, 0.72, 0.42), 30.0)
    for y, z in ((10.8, 4.0), (17.0, 4.3)):
        for x in (-9.5, 9.5):
            box((0.12, 0.12, z + 0.2), (x, y, (z + 0.2) / 2), post, bevel=0.01)
        festoon((-9.5, y, z), (9.5, y, z), 0.9, 30, wmat, bulb)
    festoon((-9.5, 10.8, 4.0), (9.5, 17.0, 4.3), 1.1, 34, wmat, bulb)
    # Old plane trees behind, backlit.
    tleaf = leaf2_mat('wd-tree-leaf', (0.03, 0.05, 0.015), (0.12, 0.16, 0.05), translucent=0.4)
    tbark = bark2_mat('wd-tree-bark', (0.12, 0.11, 0.09), lichen=(0.25, 0.25, 0.2))
    tmeshes = []
    for i, (x, y, h) in enumerate(((-14.0, 24.0, 12.0), (-4.0, 28.0, 14.0), (7.0, 23.0, 11.0), (17.0, 27.0, 13.0),
                                   (-24.0, 30.0, 13.0), (26.0, 32.0, 12.0), (-9.0, 40.0, 15.0), (12.0, 42.0, 15.0),
                                   (1.0, 45.0, 16.0), (-20.0, 44.0, 14.0), (24.0, 46.0, 15.0))):
        me = broadleaf_mesh(80 + i, h, h * 0.62, name='wd-tree-%d' % i, mats=[tleaf, tbark], leaves=2.6)
        put(me, (x, y, 0), rot_z=rng.uniform(0, 6.3))
        tmeshes.append(me)
    # A far belt of the same trees closing the garden (no bare lawn edge against the sky), hazed by depth.
    x = -70.0
    while x < 70.0:
        put(tmeshes[rng.randrange(len(tmeshes))], (x, rng.uniform(62, 85), 0), rot_z=rng.uniform(0, 6.3),
            scale=rng.uniform(0.8, 1.2))
        x += rng.uniform(7.0, 12.0)
    camera(focal=40.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=8.0)
    render_settings(exposure=-0.6, glare=0.2, mist={'start': 30, 'depth': 600, 'color': (0.9, 0.7, 0.5)})
    return extra


# ---- forest road and mountain view (session 8): helpers used only by s_forest_road and s_mountain_view

def fr_ground(x, y):
    """The forest road's verge: a gravel shoulder level with the road, grass rising a little, then the
    forest floor climbing gently into the trees."""
    import numpy as np
    edge = np.clip((y - 9.5) / 0.35, 0, 1)
    return (edge * (0.03 + 0.05 * fbm(x, y, 3.0, 3, seed=11)) - 0.02 + np.clip(y - 11.0, 0, None) * 0.02 +
            np.clip(y - 18.0, 0, None) * 0.025 * (1 + 0.5 * fbm(x, y, 30.0, 3, seed=12)))


def verge_mat(name, grass=(0.06, 0.085, 0.025), floor_col=(0.045, 0.035, 0.022), gravel_to=10.25, litter_from=15.0,
              lean=None):
    """Ground beside a summer road (world coordinates, the object at the origin): a gravel shoulder
    (grey-brown stones in the colour and bump, a broken edge), grass mottled green to straw, and from
    `litter_from` on the forest floor (needle litter, moss patches). `lean` (a vector towards a low sun)
    tilts the shading normal of the grass beyond the blades: a meadow too far for blades still stands up
    into grazing light, which a flat ground would take at a glancing angle and show dark."""
    m, nt, out = new_mat(name)
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, pos, sep.inputs[0])
    Y = math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, pos, 0.9, 4, 0.6), 0.5), 0.7))
    stones = nt.nodes.new('ShaderNodeTexVoronoi')
    stones.inputs['Scale'].default_value = 38
    link(nt, pos, stones.inputs['Vector'])
    gcol = ramp(nt, stones.outputs['Color'], [(0.0, (0.11, 0.1, 0.09)), (0.5, (0.2, 0.185, 0.16)), (1.0, (0.3, 0.28, 0.25))])
    gcol = mix_rgb(nt, ramp(nt, stones.outputs['Distance'], [(0.25, (0, 0, 0)), (0.5, (1, 1, 1))]), gcol, (0.05, 0.045, 0.04))
    tone = noise(nt, pos, 0.6, 5, 0.6)
    grs = ramp(nt, tone, [(0.3, tuple(v * 0.7 for v in grass)), (0.55, grass), (0.75, (0.13, 0.12, 0.05))])
    grs = mix_rgb(nt, 1.0, grs, ramp(nt, noise(nt, pos, 14.0, 3, 0.6), [(0.3, (0.75, 0.75, 0.75)), (0.7, (1.2, 1.2, 1.2))]), 'MULTIPLY')
    lit = ramp(nt, noise(nt, pos, 2.5, 5, 0.6), [(0.35, tuple(v * 0.7 for v in floor_col)), (0.65, tuple(v * 1.4 for v in floor_col))])
    moss = smooth_band(nt, noise(nt, pos, 0.35, 4, 0.6), 0.55, 0.65)
    lit = mix_rgb(nt, math_node(nt, 'MULTIPLY', moss, 0.7), lit, (0.05, 0.07, 0.02))
    gmask = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, Y, gravel_to - 0.1, gravel_to + 0.1))
    fmask = smooth_band(nt, Y, litter_from - 1.5, litter_from + 1.5)
    col = mix_rgb(nt, fmask, grs, lit)
    col = mix_rgb(nt, gmask, col, gcol)
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', stones.outputs['Distance'], gmask),
                  math_node(nt, 'MULTIPLY', noise(nt, pos, 20.0, 4, 0.6), 0.5))
    nrm = None
    if lean is not None:
        tilt = nt.nodes.new('ShaderNodeVectorMath')
        tilt.operation = 'SCALE'
        tilt.inputs[0].default_value = lean
        link(nt, smooth_band(nt, Y, gravel_to + 3.0, gravel_to + 12.0), tilt.inputs['Scale'])
        add = nt.nodes.new('ShaderNodeVectorMath')
        link(nt, geo.outputs['Normal'], add.inputs[0])
        link(nt, tilt.outputs[0], add.inputs[1])
        unit = nt.nodes.new('ShaderNodeVectorMath')
        unit.operation = 'NORMALIZE'
        link(nt, add.outputs[0], unit.inputs[0])
        nrm = unit.outputs[0]
    principled(nt, out, col, 0.85, 0.35, 0.0, bump(nt, h, 0.35, 0.02, normal=nrm))
    return m


def fr_road_paint(y_list, dashed):
    paint = worn_paint_mat('road-paint', (0.7, 0.69, 0.64))
    for y, d in zip(y_list, dashed):
        if d:
            for i in range(-25, 26):
                plane(3.0, 0.12, (i * 9.0 + 1.5, y, 0.004), paint)
        else:
            plane(400, 0.15, (0, y, 0.004), paint)


def s_forest_road():
    """A summer road through mixed forest (session 8): an asphalt road across the frame with worn lines, a
    gravel shoulder and a grass verge of real blades, young birch-like broadleaves and spruces along the
    edge, then mixed forest (spruce and broadleaf templates with real branches, needles and leaves) on a
    rising forest floor, deeper rows fading by aerial perspective; a high sun from the right-front
    quarter filters through the crowns."""
    import numpy as np
    sun_el, sun_az = 48, 125
    cumulus_sky(sun_el, sun_az, cover=0.4, scale=1.2, cloud_light=1.1, seed=4.0, fade=(0.006, 0.04), dust=0.3,
                squash=0.35, blue=0.4)
    sun_light(sun_el, sun_az, 3.6, (1.0, 0.96, 0.88), angle_deg=0.6)
    plane(400, 40, (0, -10.5, 0.0), street_asphalt_mat((0.045, 0.045, 0.047)))
    fr_road_paint((2.75, 6.0, 9.25), (False, True, False))
    terrain(9.3, 200, fr_ground, verge_mat('verge'), rows=220, cols=320, name='verge', y_power=2.6)
    blades = leaf2_mat('blades', (0.035, 0.06, 0.018), (0.13, 0.17, 0.05), translucent=0.3, autumn=(0.24, 0.21, 0.1))
    grass_blades(10.1, 15.5, fr_ground, 1100, 0.35, blades, name='grass')
    grass_blades(15.5, 40, fr_ground, 90, 0.5, blades, name='undergrowth', seed=9, lean=0.5)
    needles = leaf2_mat('needles', (0.012, 0.028, 0.012), (0.05, 0.075, 0.03), translucent=0.15)
    leaves = leaf2_mat('leaves', (0.03, 0.065, 0.015), (0.13, 0.2, 0.045), translucent=0.35)
    bark = bark2_mat('bark', (0.07, 0.055, 0.045), lichen=(0.12, 0.13, 0.1))
    spruce = [conifer_mesh(31 + i, h, h * 0.19, clear=c, name='spruce%d' % i, mats=[needles, bark])
              for i, (h, c) in enumerate(((24, 0.2), (19, 0.12), (27, 0.28), (14, 0.04), (6, 0.02)))]
    broad = [broadleaf_mesh(41 + i, h, c, name='broad%d' % i, mats=[leaves, b])
             for i, (h, c, b) in enumerate(((18, 9, bark), (13, 8, bark), (21, 10, bark), (6, 5.5, bark)))]
    rng = np.random.default_rng(8)
    # The edge: young spruces and broadleaves, close-set (the road's clearing lets them keep their low
    # branches and they take the sun), so the frame shows lit foliage with gaps into the darker stand.
    x = -view_reach(16, 6)
    while x < view_reach(16, 6):
        y = rng.uniform(13.5, 19)
        z = float(fr_ground(np.array([x]), np.array([y]))[0]) - 0.1
        r = rng.random()
        if r < 0.4:
            put(spruce[rng.choice([3, 4], p=[0.4, 0.6])], (x, y, z), rng.uniform(0, 6.3), rng.uniform(0.75, 1.15))
        elif r < 0.8:
            put(broad[3], (x, y, z), rng.uniform(0, 6.3), rng.uniform(0.7, 1.2))
        else:
            put(broad[1], (x, y, z), rng.uniform(0, 6.3), rng.uniform(0.8, 1.1))
        x += rng.uniform(1.8, 4.0)
    # Mixed forest behind: mature trees, spacing opening a little with depth.
    for yy in np.concatenate([np.arange(21, 150, 4.0), np.arange(150, 320, 6.0)]):
        reach = view_reach(yy, 8)
        x = -reach + rng.uniform(0, 4)
        while x < reach:
            y = yy + rng.uniform(-2, 2)
            z = float(fr_ground(np.array([x]), np.array([y]))[0]) - 0.15
            if rng.random() < 0.58:
                put(spruce[rng.choice([0, 1, 2, 3], p=[0.35, 0.3, 0.25, 0.1])], (x, y, z), rng.uniform(0, 6.3),
                    rng.uniform(0.85, 1.15))
            else:
                put(broad[rng.choice([0, 1, 2])], (x, y, z), rng.uniform(0, 6.3), rng.uniform(0.85, 1.15))
            x += rng.uniform(3.5, 6.5) * (1.0 if yy < 150 else 1.4)
    key(sun_az, sun_el, 0.25, (1.0, 0.96, 0.88))
    camera(outdoor=True)
    render_settings(exposure=0.35, adaptive=0.01)
    nature_compositor({'start': 0, 'depth': 600, 'color': (0.3, 0.37, 0.4), 'max': 0.55, 'falloff': 'LINEAR'})
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def mv_near(x, y):
    """The mountain road's far side: a grass and gravel verge to the guard rail, then the slope falls away."""
    import numpy as np
    edge = np.clip((y - 9.5) / 0.3, 0, 1)
    d = np.clip(y - 11.6, 0, None)
    return edge * (0.03 + 0.04 * fbm(x, y, 2.0, 3, seed=21)) - 0.02 - 0.9 * d ** 1.25


def mv_far(x, y):
    """The land beyond the valley (metres, the road at 0): forested ridges 3-8 km off, kept below about
    1 degree over the horizon, then a mountain range 11-30 km off whose summits stand 3-6 degrees high."""
    import numpy as np
    d = y + 14.5
    hills = -260 + 0.012 * d + 160 * fbm(x, y, 1800.0, 5, seed=22) + 90 * fbm(x, y, 600.0, 4, seed=23)
    r = fbm(x, y, 5200.0, 7, seed=24, ridged=True)
    r = np.clip(r / max(1e-6, np.percentile(r, 99.5)), 0, 1.1)
    ang = np.radians(1.2 + 5.0 * r ** 1.6)
    m = np.clip((y - 9500) / 4000, 0, 1)
    m = m * m * (3 - 2 * m)
    peaks = d * np.tan(ang) * (0.8 + 0.25 * fbm(x, y, 9000.0, 3, seed=25))
    return np.maximum(hills, hills * (1 - m) + peaks * m)


def mountain_mat():
    """Mountains by slope and altitude: forest low down, alpine grass on gentle slopes, rock where steep
    (with darker strata and gullies), snow on the high, less steep ground."""
    m, nt, out = new_mat('mountain')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, pos, sep.inputs[0])
    nsep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Normal'], nsep.inputs[0])
    nz = nsep.outputs['Z']
    z = math_node(nt, 'ADD', sep.outputs['Z'], math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, pos, 0.0025, 5, 0.6), 0.5), 500.0))
    forest = ramp(nt, noise(nt, pos, 0.02, 6, 0.65), [(0.35, (0.012, 0.02, 0.01)), (0.65, (0.04, 0.055, 0.025))])
    meadow = ramp(nt, noise(nt, pos, 0.004, 6, 0.6), [(0.35, (0.07, 0.08, 0.035)), (0.65, (0.13, 0.125, 0.07))])
    strata = noise(nt, math_node_vec_scale(nt, pos, (1.0, 1.0, 6.0)), 0.004, 6, 0.65)
    rock = ramp(nt, strata, [(0.3, (0.08, 0.075, 0.07)), (0.55, (0.2, 0.19, 0.18)), (0.75, (0.3, 0.29, 0.27))])
    snow = ramp(nt, noise(nt, pos, 0.01, 4, 0.5), [(0.3, (0.72, 0.75, 0.8)), (0.7, (0.86, 0.88, 0.92))])
    low = mix_rgb(nt, smooth_band(nt, z, 250, 600), forest, meadow)
    steep = smooth_band(nt, math_node(nt, 'SUBTRACT', 1.0, nz), 0.1, 0.22)
    patchy = math_node(nt, 'ADD', z, math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', noise(nt, pos, 0.003, 6, 0.65), 0.5), 900.0))
    col = mix_rgb(nt, math_node(nt, 'MAXIMUM', steep, smooth_band(nt, patchy, 800, 1100)), low, rock)
    gull = noise(nt, math_node_vec_scale(nt, pos, (1.0, 1.0, 0.25)), 0.006, 6, 0.7)
    snowf = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ADD', z, math_node(nt, 'MULTIPLY', gull, 350.0)), 2350, 2500),
                      math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, math_node(nt, 'SUBTRACT', 1.0, nz), 0.25, 0.45)))
    col = mix_rgb(nt, snowf, col, snow)
    h = noise(nt, pos, 0.01, 8, 0.7)
    principled(nt, out, col, 0.85, 0.3, 0.0, bump(nt, h, 0.6, 40.0))
    return m


def s_mountain_view():
    """A lay-by on a mountain road (session 8): the road across the frame, a grass verge and a W-beam
    guard rail on the valley side, the slope falling away behind it; beyond, forested ridges, then a
    displaced mountain range (rock, alpine grass and forest by slope and height, snow on the summits) blue
    with distance under fair-weather cumulus; f/4 so the range keeps its shape."""
    sun_el, sun_az = 38, 140
    cumulus_sky(sun_el, sun_az, cover=0.42, scale=1.3, cloud_light=1.1, seed=11.0, fade=(0.004, 0.03), dust=0.25,
                squash=0.3, blue=0.5)
    sun_light(sun_el, sun_az, 3.6, (1.0, 0.96, 0.9), angle_deg=0.6)
    plane(400, 40, (0, -10.5, 0.0), street_asphalt_mat((0.08, 0.08, 0.083)))
    fr_road_paint((2.75, 6.0, 9.25), (False, True, False))
    terrain(9.3, 260, mv_near, verge_mat('mv-verge', gravel_to=10.0, litter_from=60.0), rows=160, cols=300,
            name='verge', y_power=2.4)
    blades = leaf2_mat('blades', (0.04, 0.06, 0.02), (0.15, 0.17, 0.06), translucent=0.3, autumn=(0.26, 0.23, 0.12))
    grass_blades(10.0, 13.5, mv_near, 900, 0.3, blades, name='grass')
    nd_guard_rail(10.9, -40, 40, nd_galvanised(), nd_galvanised())
    terrain(2500, 45000, mv_far, mountain_mat(), rows=420, cols=520, name='range', y_power=1.5, margin=400)
    key(sun_az, sun_el, 0.15, (1.0, 0.96, 0.9))
    camera(outdoor=True)
    sc.camera.data.dof.aperture_fstop = 4.0
    meta['camera']['fStop'] = 4.0
    sc.camera.data.clip_end = 60000
    render_settings(exposure=-0.4, adaptive=0.01)
    nature_compositor({'start': 1000, 'depth': 40000, 'color': (0.47, 0.56, 0.72), 'max': 0.58, 'falloff': 'LINEAR'})
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def outdoor_camera(fstop, clip_end):
    """The outdoor camera (85 mm from 14.5 m) at another aperture and with a farther clip."""
    camera(outdoor=True)
    sc.camera.data.dof.aperture_fstop = fstop
    meta['camera']['fStop'] = fstop
    sc.camera.data.clip_end = clip_end


# ---- session 11 (s11a): helpers used only by s_foggy_morning and s_sunset_drive


def s11a_world_xy(nt):
    """World-space X, Y (and Z) of the shaded point: road planes sit off the origin, so Object coords shift."""
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Position'], sep.inputs[0])
    return geo.outputs['Position'], sep.outputs['X'], sep.outputs['Y'], sep.outputs['Z']


def s11a_wet_road_mat(name='s11a-wet-road', base=(0.06, 0.06, 0.062), tracks=(3.4, 3.9, 5.0, 5.5, 6.8, 7.3, 8.3, 8.8),
                      edge=9.6, puddle=1.0, dry=0.0):
    """A country carriageway (world y 2.6..edge) on a damp morning: a slow tone drift, the aggregate in bump
    and faint colour, ragged repair patches, tar-sealed cracks, wheel tracks worn smoother (they hold a
    thin film of water and shine), shallow puddles where the road dips and along the crumbling edge (mirror
    smooth, dark), mud and grit washed to the verge side. `dry` (0-1) dries it (the sunset road)."""
    m, nt, out = new_mat(name)
    pos, x, y, z = s11a_world_xy(nt)
    tone = noise(nt, pos, 0.09, 4, 0.55)
    col = ramp(nt, tone, [(0.3, tuple(v * 0.85 for v in base)), (0.7, tuple(v * 1.15 for v in base))])
    mid = noise(nt, pos, 1.1, 5, 0.6)
    col = mix_rgb(nt, 1.0, col, ramp(nt, mid, [(0.3, (0.88, 0.88, 0.88)), (0.7, (1.1, 1.1, 1.08))]), 'MULTIPLY')
    streak = noise(nt, math_node_vec_scale(nt, pos, (0.05, 1.0, 1.0)), 1.4, 4, 0.55)
    col = mix_rgb(nt, 1.0, col, ramp(nt, streak, [(0.35, (0.9, 0.9, 0.9)), (0.65, (1.08, 1.08, 1.07))]), 'MULTIPLY')
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 60.0
    link(nt, pos, agg.inputs['Vector'])
    stone = ramp(nt, agg.outputs['Color'], [(0.0, (0.8, 0.8, 0.8)), (0.5, (1.0, 1.0, 1.0)), (1.0, (1.3, 1.28, 1.25))])
    col = mix_rgb(nt, ramp(nt, noise(nt, pos, 0.5, 4, 0.55), [(0.35, (0.3, 0.3, 0.3)), (0.7, (0.8, 0.8, 0.8))]),
                  col, mix_rgb(nt, 1.0, col, stone, 'MULTIPLY'))
    # Repair patches with ragged edges (darker, newer binder), cut only out of the car's standing area.
    rag = math_node(nt, 'MULTIPLY', noise(nt, pos, 2.0, 5, 0.65), 0.3)
    xx = math_node(nt, 'ADD', x, rag)
    yy = math_node(nt, 'ADD', y, rag)
    patch = None
    for (x0, x1, y0, y1) in ((-14.0, -6.5, 6.3, 8.9), (-3.0, 2.2, 3.1, 5.7), (5.5, 9.8, 2.9, 4.6), (11.0, 17.0, 6.5, 9.2)):
        p = math_node(nt, 'MULTIPLY', smooth_band(nt, xx, x0, x0 + 0.03, x1 - 0.03, x1),
                      smooth_band(nt, yy, y0, y0 + 0.03, y1 - 0.03, y1))
        patch = p if patch is None else math_node(nt, 'MAXIMUM', patch, p)
    col = mix_rgb(nt, patch, col, ramp(nt, noise(nt, pos, 0.8, 3, 0.5), [(0.3, tuple(v * 0.7 for v in base)),
                                                                          (0.7, tuple(v * 0.82 for v in base))]))
    # Sealed cracks along the road and a few crossing ones.
    cn = noise(nt, math_node_vec_scale(nt, pos, (0.15, 1.0, 1.0)), 0.7, 4, 0.6, distortion=1.2)
    crack = math_node(nt, 'LESS_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', cn, 0.5)), 0.009)
    crack = math_node(nt, 'MULTIPLY', crack, ramp(nt, noise(nt, pos, 0.35, 2, 0.5), [(0.45, (0, 0, 0)), (0.55, (1, 1, 1))]))
    col = mix_rgb(nt, crack, col, (0.02, 0.02, 0.02))
    # Wheel tracks: polished and darker, wetter.
    tr = None
    for a, b in zip(tracks[0::2], tracks[1::2]):
        t = smooth_band(nt, y, a - 0.2, a + 0.1, b - 0.1, b + 0.2)
        tr = t if tr is None else math_node(nt, 'MAXIMUM', tr, t)
    tr = math_node(nt, 'MULTIPLY', tr, ramp(nt, noise(nt, pos, 0.45, 3, 0.5), [(0.3, (0.45, 0.45, 0.45)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', tr, 0.3), col, tuple(v * 0.7 for v in base))
    # Mud, grit and leaf mulch washed to the edge; the edge itself crumbles into the gravel.
    yn = math_node(nt, 'ADD', y, math_node(nt, 'MULTIPLY', noise(nt, pos, 1.1, 5, 0.65), 0.55))
    mud = smooth_band(nt, yn, edge - 1.0, edge - 0.25)
    speck = smooth_band(nt, noise(nt, pos, 22.0, 3, 0.6), 0.45, 0.62)
    mud = math_node(nt, 'MAXIMUM', mud, math_node(nt, 'MULTIPLY', speck, smooth_band(nt, yn, edge - 2.2, edge - 0.9)))
    mud_c = ramp(nt, noise(nt, pos, 5.0, 4, 0.6), [(0.3, (0.07, 0.06, 0.045)), (0.7, (0.14, 0.12, 0.085))])
    col = mix_rgb(nt, mud, col, mud_c)
    # Puddles: low spots (a slow noise) in the tracks and along the edge, none in the lay-by lane's middle.
    pn = noise(nt, math_node_vec_scale(nt, pos, (0.5, 1.0, 1.0)), 0.55, 4, 0.6)
    where = math_node(nt, 'MAXIMUM', math_node(nt, 'MULTIPLY', tr, 0.9), smooth_band(nt, yn, edge - 1.3, edge - 0.5))
    pud = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ADD', pn, math_node(nt, 'MULTIPLY', where, 0.12)),
                                                0.54, 0.57), puddle * (1 - dry))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', pud, 0.6), col, (0.02, 0.02, 0.021))
    # Water darkens the whole road and the damp film (rough ~0.45) gives the grazing sheen of a wet morning.
    wetk = 1 - 0.35 * (1 - dry)
    col = mix_rgb(nt, 1.0, col, (wetk, wetk, wetk), 'MULTIPLY')
    r_base = 0.5 + 0.35 * dry
    rough = math_node(nt, 'SUBTRACT', r_base, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', tr, 0.18 * (1 - dry) + 0.1),
                                                      math_node(nt, 'MULTIPLY', crack, 0.2)))
    rough = math_node(nt, 'ADD', rough, math_node(nt, 'MULTIPLY', mud, 0.25))
    rough = mix_rgb(nt, pud, rough, (0.03, 0.03, 0.03))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', agg.outputs['Distance'], 1.0), math_node(nt, 'MULTIPLY', crack, -0.6))
    h = math_node(nt, 'MULTIPLY', h, math_node(nt, 'SUBTRACT', 1.0, pud))
    principled(nt, out, col, rough, 0.5, 0.0, bump(nt, h, 0.35, 0.005))
    return m


def s11a_fallen_leaf_mat(name='s11a-fallen-leaves', wet=True):
    """Fallen leaves: per-leaf tone from dark rotting brown through russet to a few yellow, wet and shiny."""
    m, nt, out = new_mat(name)
    col = ramp(nt, attr(nt, 'tone'), [(0.0, (0.035, 0.022, 0.012)), (0.35, (0.12, 0.05, 0.015)),
                                      (0.7, (0.28, 0.12, 0.025)), (0.9, (0.42, 0.28, 0.05)), (1.0, (0.3, 0.25, 0.08))])
    leaf_surface(nt, out, col, 0.5 if wet else 0.7, 0.3, (1.2, 1.1, 0.6), 0.1)
    return m


def s11a_leaf_litter(areas, mat, seed=41, name='s11a-litter'):
    """Fallen leaves lying nearly flat (curled a little) over areas (x0, x1, y0, y1, per m2, clump): clumped
    by a seeded noise, so they gather in drifts and leave bare stretches, never an even scatter."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    for (x0, x1, y0, y1, dens, clump) in areas:
        n = int((x1 - x0) * (y1 - y0) * dens * 3)
        x = rng.uniform(x0, x1, n)
        y = rng.uniform(y0, y1, n)
        f = fbm(x, y, 2.5, 3, seed=seed + 7)
        keep = rng.random(n) < np.clip(0.35 + clump * f * 2.0, 0.03, 1.0)
        x, y = x[keep], y[keep]
        k = len(x)
        if k == 0:
            continue
        size = rng.uniform(0.05, 0.12, k)
        c = np.stack([x, y, 0.006 + size * 0.12 + rng.uniform(0, 0.01, k)], 1)
        nb = np.tile([0.0, 0.0, 2.8], (k, 1))
        s10a_leaf_cards(soup, rng, c, size, nb, 0, aspect=0.6, fold=0.2, tone=rng.random(k) ** 1.3)
    me = soup.mesh(name, [mat])
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def s11a_drain(x, y, mat_iron, mat_conc):
    """A road gully at the carriageway edge: a concrete surround and a cast-iron grate of bars."""
    box((0.62, 0.5, 0.06), (x, y, -0.02), mat_conc, bevel=0.01)
    box((0.46, 0.36, 0.02), (x, y, 0.005), simple_mat('s11a-gully-dark', (0.005, 0.005, 0.005), 0.9), bevel=0.0)
    b = Batch(mat_iron, 's11a-grate')
    for i in range(7):
        b.box((0.032, 0.34, 0.03), (x - 0.2 + i * 0.0667, y, 0.014))
    b.box((0.46, 0.03, 0.03), (x, y - 0.17, 0.014))
    b.box((0.46, 0.03, 0.03), (x, y + 0.17, 0.014))
    b.done()


def s11a_rail_mat(name='s11a-rail'):
    """A guard rail after years on a country road: dull galvanising (spangle, white-rust bloom), road spray
    caked along its lower edge, rust weeping in streaks below the splice bolts and in patches."""
    m, nt, out = new_mat(name)
    pos, x, y, z = s11a_world_xy(nt)
    spangle = nt.nodes.new('ShaderNodeTexVoronoi')
    spangle.inputs['Scale'].default_value = 70
    link(nt, pos, spangle.inputs['Vector'])
    col = ramp(nt, spangle.outputs['Color'], [(0.0, (0.34, 0.35, 0.35)), (1.0, (0.46, 0.47, 0.47))])
    bloom = ramp(nt, noise(nt, pos, 3.0, 5, 0.6), [(0.45, (0, 0, 0)), (0.75, (1, 1, 1))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', bloom, 0.6), col, (0.55, 0.56, 0.55))
    streak = noise(nt, math_node_vec_scale(nt, pos, (5.0, 5.0, 0.25)), 2.2, 4, 0.6)
    dirt = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'SUBTRACT', 0.0, z), -0.62, -0.5),
                     ramp(nt, streak, [(0.3, (0.35, 0.35, 0.35)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, dirt, col, (0.1, 0.085, 0.07))
    rust_s = noise(nt, math_node_vec_scale(nt, pos, (9.0, 9.0, 0.5)), 3.0, 4, 0.6)
    rust = math_node(nt, 'MULTIPLY', smooth_band(nt, rust_s, 0.6, 0.72),
                     ramp(nt, noise(nt, pos, 0.4, 3, 0.5), [(0.45, (0, 0, 0)), (0.65, (1, 1, 1))]))
    rust = math_node(nt, 'MAXIMUM', rust, smooth_band(nt, noise(nt, pos, 6.0, 5, 0.7), 0.7, 0.78))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', rust, 0.8), col, ramp(nt, noise(nt, pos, 20.0, 3, 0.6),
                                                                      [(0.3, (0.12, 0.05, 0.02)), (0.7, (0.25, 0.11, 0.04))]))
    rough = math_node(nt, 'ADD', 0.42, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', dirt, 0.4),
                                                 math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', bloom, 0.15),
                                                           math_node(nt, 'MULTIPLY', rust, 0.4))))
    metal = math_node(nt, 'SUBTRACT', 0.65, math_node(nt, 'MULTIPLY', math_node(nt, 'MAXIMUM', dirt, rust), 0.6))
    p = principled(nt, out, col, rough, 0.5, 0.0, bump(nt, noise(nt, pos, 30.0, 4, 0.6), 0.1, 0.003))
    link(nt, metal, p.inputs['Metallic'])
    return m


def s11a_guard_rail(y, x0, x1, mat, post_mat, seed=31, dents=((-5.5, 0.07, 0.9), (13.0, -0.05, 1.4))):
    """A W-beam guard rail that has lived: the nd_guard_rail profile in 4 m panels, but the line wanders
    (a slow lateral and vertical drift over tens of metres, each panel a little off its neighbour), some
    posts lean several degrees, and a panel or two carry a dent from an old knock (x, depth m, width m)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    t = np.linspace(0, 1, 17)
    pz = -0.155 + 0.31 * t
    py = -0.083 * 0.5 * (1 - np.cos(4 * np.pi * t))
    pz = np.concatenate([[pz[0] - 0.015], pz, [pz[-1] + 0.015]])
    py = np.concatenate([[0.01], py, [0.01]])

    def drift_y(xx):
        return 0.05 * np.sin(xx / 17.0 + 1.0) + 0.03 * np.sin(xx / 6.3)

    def drift_z(xx):
        return 0.035 * np.sin(xx / 21.0 + 0.4) + 0.015 * np.sin(xx / 7.7 + 2.0)

    x = x0
    while x < x1:
        L = 4.0
        xs = np.linspace(x, x + L + 0.05, 17)
        sag = rng.normal(0, 0.015) * np.sin(np.linspace(0, np.pi, 17)) + rng.normal(0, 0.008)
        lean = rng.normal(0, 0.04)
        off = rng.normal(0, 0.012)
        rings = []
        for xx, s in zip(xs, sag):
            dy, dz = drift_y(xx) + off, drift_z(xx) + s
            for (dx, depth, width) in dents:
                g = math.exp(-((xx - dx) / width) ** 2)
                dy += depth * g
                dz -= abs(depth) * 0.4 * g
            prof_y = py * (1 - 0.6 * sum(math.exp(-((xx - dx) / width) ** 2) for dx, _, width in dents))
            rings.append(np.stack([np.full_like(pz, xx), y + dy + prof_y + lean * (pz + 0.155), 0.6 + pz + dz], 1))
        ring = np.stack(rings)
        q = np.stack([ring[:-1, :-1], ring[1:, :-1], ring[1:, 1:], ring[:-1, 1:]], axis=2).reshape(-1, 4, 3)
        soup.quads(q, 0)
        x += L
    me = soup.mesh('s11a-rail', [mat], smooth=True)
    o = bpy.data.objects.new('s11a-rail', me)
    sc.collection.objects.link(o)
    posts = Batch(post_mat, 's11a-rail-posts')
    refl = Batch(simple_mat('s11a-reflector', (0.6, 0.58, 0.5), 0.3), 's11a-reflectors')
    x = x0 + 1.0
    k = 0
    while x < x1:
        h = 0.78 + rng.normal(0, 0.015)
        yy = y + drift_y(x)
        lx, lz = rng.normal(0, 0.035), rng.normal(0, 0.02)
        posts.box((0.1, 0.012, h + 0.1), (x, yy + 0.2, h / 2 - 0.05), rot_z=rng.normal(0, 0.03), rot_x=lx, rot_y=lz)
        posts.box((0.012, 0.09, h + 0.1), (x - 0.05, yy + 0.155, h / 2 - 0.05), rot_x=lx, rot_y=lz)
        posts.box((0.012, 0.09, h + 0.1), (x + 0.05, yy + 0.155, h / 2 - 0.05), rot_x=lx, rot_y=lz)
        posts.box((0.12, 0.1, 0.3), (x, yy + 0.06, 0.6 + drift_z(x)))
        if k % 3 == 1 and rng.random() < 0.8:
            refl.box((0.07, 0.01, 0.05), (x, yy - 0.005, 0.76 + drift_z(x)), rot_y=rng.normal(0, 0.1))
        x += 2.0 + rng.normal(0, 0.03)
        k += 1
    posts.done()
    refl.done()


def s11a_verge_blades(y0, y1, ground_fn, density, height, mat, seed=5, name='s11a-verge', clump=0.8, tufts=0):
    """A verge that is not a lawn: blade density and height follow a patchy noise (thin, trodden or bare
    spots; rank, taller stretches), with `tufts` clumps of long tussock grass and seed heads leaning out."""
    import numpy as np
    rng = np.random.default_rng(seed)
    soup = Soup()
    w = 2 * view_reach(y1, 2.0)
    n = int(density * w * (y1 - y0))
    x = rng.uniform(-w / 2, w / 2, n)
    y = rng.uniform(y0, y1, n)
    d = fbm(x, y, 1.8, 4, seed=seed + 3)
    keep = rng.random(n) < np.clip(0.55 + clump * d * 1.6, 0.08, 1.0)
    x, y, d = x[keep], y[keep], d[keep]
    n = len(x)
    z = ground_fn(x, y)
    hm = np.clip(0.75 + 1.2 * fbm(x, y, 3.0, 3, seed=seed + 4), 0.3, 1.8)
    h = height * rng.uniform(0.35, 1.2, n) * hm
    if tufts:
        cx = rng.uniform(-w / 2, w / 2, tufts)
        cy = rng.uniform(y0 + 0.3, y1, tufts)
        per = rng.integers(25, 70, tufts)
        tx = np.repeat(cx, per) + rng.normal(0, 0.08, per.sum())
        ty = np.repeat(cy, per) + rng.normal(0, 0.06, per.sum())
        th = height * np.repeat(rng.uniform(1.6, 3.2, tufts), per) * rng.uniform(0.5, 1.1, per.sum())
        x, y, h = np.concatenate([x, tx]), np.concatenate([y, ty]), np.concatenate([h, th])
        z = ground_fn(x, y)
        n = len(x)
    a = rng.uniform(0, 2 * np.pi, n)
    bw = rng.uniform(0.003, 0.008, n)
    lean = 0.15 + 0.45 * rng.random(n)
    tipx = x + np.cos(a) * h * lean
    tipy = y + np.sin(a) * h * lean
    px, py = -np.sin(a), np.cos(a)
    mx, my = x + np.cos(a) * h * lean * 0.35, y + np.sin(a) * h * lean * 0.35
    # Two segments per blade, so long blades bend over rather than stand as straight spikes.
    b0 = np.stack([x - px * bw, y - py * bw, z - 0.02], 1)
    b1 = np.stack([x + px * bw, y + py * bw, z - 0.02], 1)
    m0 = np.stack([mx - px * bw * 0.7, my - py * bw * 0.7, z + h * 0.62], 1)
    m1 = np.stack([mx + px * bw * 0.7, my + py * bw * 0.7, z + h * 0.62], 1)
    tp = np.stack([tipx, tipy, z + h * (0.95 - 0.35 * lean)], 1)
    tone = np.clip(rng.random(n) * 0.8 + 0.25 * (h > height * 1.4), 0, 1)
    soup.quads(np.stack([b0, b1, m1, m0], 1), 0, tone=tone)
    soup.add(np.stack([m0, m1, tp], 1), 0, tone=tone)
    me = soup.mesh(name, [mat])
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def s11a_grass_mat(name, dark, mid, light, dead, wet=0.0, translucent=0.25):
    """Grass blades: per-blade tone (green to a share of dead straw), with a wet sheen (`wet` 0-1)."""
    m, nt, out = new_mat(name)
    info = nt.nodes.new('ShaderNodeObjectInfo')
    tone = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', attr(nt, 'tone'), 0.9),
                     math_node(nt, 'MULTIPLY', info.outputs['Random'], 0.1))
    col = ramp(nt, tone, [(0.0, dark), (0.45, mid), (0.78, light), (0.95, dead)])
    leaf_surface(nt, out, col, 0.55 - 0.35 * wet, 0.5 + 0.2 * wet, (1.3, 1.4, 0.7), translucent)
    return m


def s11a_exp_fog(k):
    """Makes the nature compositor's haze exponential, as real fog is (1 - exp(-k * mist), the mist pass
    linear over its depth), in place of a linear ramp: near things keep their contrast, far ones dissolve."""
    nt = sc.node_tree
    rl = next(n for n in nt.nodes if n.type == 'R_LAYERS')
    amt = next(l.to_node for l in rl.outputs['Mist'].links)
    mul = nt.nodes.new('CompositorNodeMath')
    mul.operation = 'MULTIPLY'
    link(nt, rl.outputs['Mist'], mul.inputs[0])
    mul.inputs[1].default_value = -k
    ex = nt.nodes.new('CompositorNodeMath')
    ex.operation = 'EXPONENT'
    link(nt, mul.outputs[0], ex.inputs[0])
    sub = nt.nodes.new('CompositorNodeMath')
    sub.operation = 'SUBTRACT'
    sub.inputs[0].default_value = 1.0
    link(nt, ex.outputs[0], sub.inputs[1])
    link(nt, sub.outputs[0], amt.inputs[0])


def s11a_weeds(spots, ground_fn, mats, rng, name='s11a-weeds'):
    """Tall dry roadside weeds (wild carrot, fennel, dock gone to seed): a stalk 0.4-1.4 m that bends a
    little, two or three side stems, and at each tip a loose umbel of seed cards; backlit, they catch the
    rim light a low sun gives. spots: (x, y) clump centres, 3-9 stalks each. mats: [seed heads, stalks]."""
    import numpy as np
    soup = Soup()
    heads_c, heads_s = [], []
    for (cx, cy) in spots:
        for _ in range(rng.integers(3, 10)):
            x, y = cx + rng.normal(0, 0.25), cy + rng.normal(0, 0.15)
            z = float(ground_fn(np.array([x]), np.array([y]))[0])
            h = rng.uniform(0.4, 1.4)
            bend = rng.normal(0, 0.12, 2)
            t = np.linspace(0, 1, 5)
            pts = np.stack([x + bend[0] * t * t * h, y + bend[1] * t * t * h, z - 0.03 + t * h], 1)
            tube(soup, pts, np.linspace(0.006, 0.003, 5), 1, sides=3, rng=rng)
            tips = [pts[-1]]
            for _k in range(rng.integers(0, 3)):
                i = rng.integers(2, 4)
                d = np.array([rng.normal(0, 0.5), rng.normal(0, 0.3), 1.0])
                d /= np.linalg.norm(d)
                L = rng.uniform(0.15, 0.35) * h
                sp = np.stack([pts[i] + d * L * s for s in (0.0, 0.5, 1.0)])
                tube(soup, sp, np.array([0.004, 0.003, 0.002]), 1, sides=3, rng=rng)
                tips.append(sp[-1])
            for tp in tips:
                n = rng.integers(15, 40)
                r = rng.uniform(0.03, 0.07)
                dd = rng.normal(size=(n, 3)) * np.array([1, 1, 0.35])
                heads_c.append(tp + dd * r)
                heads_s.append(rng.uniform(0.01, 0.025, n))
    c = np.concatenate(heads_c)
    s10a_leaf_cards(soup, rng, c, np.concatenate(heads_s), np.tile([0.0, 0.0, 1.0], (len(c), 1)), 0, aspect=0.8,
                    fold=0.2, tone=rng.random(len(c)))
    me = soup.mesh(name, mats)
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    return o


def s11a_field_mat(name='s11a-field'):
    """A mown hay meadow seen at a grazing angle under a low sun: not one yellow but drifts of bleached
    straw, greener regrowth in damp hollows, darker weedy patches and windrow-like bands across the view,
    with a tussock bump so the low sun rakes it."""
    m, nt, out = new_mat(name)
    pos, x, y, z = s11a_world_xy(nt)
    n1 = noise(nt, math_node_vec_scale(nt, pos, (0.4, 1.0, 1.0)), 0.04, 4, 0.55)
    col = ramp(nt, n1, [(0.3, (0.16, 0.12, 0.055)), (0.5, (0.22, 0.17, 0.08)), (0.7, (0.28, 0.22, 0.11))])
    green = smooth_band(nt, noise(nt, pos, 0.02, 4, 0.6), 0.55, 0.7)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', green, 0.7), col, (0.08, 0.09, 0.035))
    band = noise(nt, math_node_vec_scale(nt, pos, (0.03, 1.0, 1.0)), 0.25, 3, 0.5)
    col = mix_rgb(nt, 1.0, col, ramp(nt, band, [(0.35, (0.75, 0.75, 0.75)), (0.65, (1.1, 1.08, 1.02))]), 'MULTIPLY')
    weeds = smooth_band(nt, noise(nt, pos, 0.3, 5, 0.65), 0.62, 0.7)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', weeds, 0.6), col, (0.06, 0.055, 0.03))
    tuft = noise(nt, pos, 3.0, 6, 0.7)
    principled(nt, out, col, 0.9, 0.3, 0.0, bump(nt, tuft, 0.8, 0.08))
    return m


# ---- sunset drive (session 8): helpers used only by s_sunset_drive

def sd_near(x, y):
    """Farmland beyond the road (metres, the road at 0): a gravel shoulder and verge, then a hay meadow
    rolling gently up to a crest some 250 m off and falling away behind it."""
    import numpy as np
    edge = np.clip((y - 9.5) / 0.35, 0, 1)
    t = np.clip((y - 12.0) / 240.0, 0, 1)
    rise = 3.6 * t * t * (3 - 2 * t) - 0.03 * np.clip(y - 300.0, 0, None)
    roll = (1.4 * fbm(x, y, 70.0, 4, seed=31) + 0.15 * fbm(x, y, 6.0, 3, seed=32)) * np.clip((y - 14.0) / 30.0, 0, 1)
    return edge * (0.03 + 0.04 * fbm(x, y, 2.0, 3, seed=33)) - 0.02 + rise + roll


def sd_far(x, y):
    """Low hills 2-15 km off, kept 0.5-2 degrees over the horizon, showing over the crest and between the
    hedgerow trees."""
    import numpy as np
    d = y + 14.5
    m = np.clip((d - 1500.0) / 3500.0, 0, 1)
    return -30 + 0.024 * d + m * (85 * fbm(x, y, 3000.0, 5, seed=34) + 25 * fbm(x, y, 700.0, 4, seed=35))


def sd_far_mat():
    """Distant farmland: a patchwork of fields (stubble, pasture, ploughed earth) with dark woods."""
    m, nt, out = new_mat('sd-far')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    cells = nt.nodes.new('ShaderNodeTexVoronoi')
    cells.inputs['Scale'].default_value = 0.004
    link(nt, math_node_vec_scale(nt, pos, (1.0, 1.6, 1.0)), cells.inputs['Vector'])
    col = ramp(nt, cells.outputs['Color'], [(0.2, (0.16, 0.12, 0.06)), (0.45, (0.09, 0.1, 0.04)),
                                            (0.7, (0.11, 0.08, 0.05)), (0.9, (0.2, 0.16, 0.08))])
    woods = smooth_band(nt, noise(nt, pos, 0.0025, 5, 0.6), 0.56, 0.6)
    col = mix_rgb(nt, woods, col, (0.02, 0.03, 0.015))
    principled(nt, out, col, 0.9, 0.3, 0.0, bump(nt, noise(nt, pos, 0.05, 6, 0.7), 0.5, 5.0))
    return m


def sd_layby_mat(damp=0.0):
    """A country lay-by's surface: old chip-seal (stone chips of a few greys and browns rolled into the
    binder, each chip in the bump so a low sun rakes them), patched in places, dusty and lighter where
    the wheels do not pass. `damp` (0-1) darkens it and gives the binder the dull sheen of dew or drizzle
    (not standing water: still rough enough to blur any reflection)."""
    m, nt, out = new_mat('sd-layby')
    c = coord(nt)
    chips = nt.nodes.new('ShaderNodeTexVoronoi')
    chips.inputs['Scale'].default_value = 55
    link(nt, c, chips.inputs['Vector'])
    col = ramp(nt, chips.outputs['Color'], [(0.0, (0.08, 0.08, 0.078)), (0.5, (0.14, 0.135, 0.13)),
                                            (1.0, (0.22, 0.21, 0.2))])
    binder = ramp(nt, chips.outputs['Distance'], [(0.3, (1, 1, 1)), (0.55, (0.45, 0.45, 0.45))])
    col = mix_rgb(nt, 1.0, col, binder, 'MULTIPLY')
    tone = ramp(nt, noise(nt, c, 0.15, 4, 0.55), [(0.3, (0.9, 0.9, 0.9)), (0.7, (1.08, 1.06, 1.04))])
    col = mix_rgb(nt, 1.0, col, tone, 'MULTIPLY')
    dust = ramp(nt, noise(nt, c, 1.5, 5, 0.6), [(0.45, (0, 0, 0)), (0.75, (0.35, 0.35, 0.35))])
    col = mix_rgb(nt, dust, col, (0.2, 0.18, 0.16))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', chips.outputs['Distance'], -1.0),
                  math_node(nt, 'MULTIPLY', noise(nt, c, 200.0, 3, 0.6), 0.3))
    rough = 0.8
    if damp > 0:
        # Wet stone darkens; drying first on the chips' tops and in blotches, so the sheen is uneven.
        col = mix_rgb(nt, 1.0, col, tuple([1 - 0.5 * damp] * 3), 'MULTIPLY')
        dry = ramp(nt, noise(nt, c, 0.6, 4, 0.6), [(0.35, (0, 0, 0)), (0.7, (0.12, 0.12, 0.12))])
        col = mix_rgb(nt, math_node(nt, 'MULTIPLY', dry, 4.0), col, mix_rgb(nt, 1.0, col, (1.6, 1.58, 1.55), 'MULTIPLY'))
        rough = math_node(nt, 'ADD', 0.8 - 0.27 * damp, math_node(nt, 'ADD', dry, math_node(nt, 'MULTIPLY', chips.outputs['Distance'], -0.08)))
    principled(nt, out, col, rough, 0.4 + 0.1 * damp, 0.0, bump(nt, h, 0.45, 0.006))
    meta['floor'] = {'gloss': round(0.03 + 0.09 * damp, 3), 'roughness': round(0.8 - 0.25 * damp, 3), 'kind': 'asphalt'}
    return m


def post_wire_fence(y, x0, x1, post_mat, wire_mat, rng, ground, jitter=0.04, lean=0.03, spacing=(3.0, 3.5),
                    wires=(0.62, 1.02), sag=None):
    """A farm fence of weathered round posts (every `spacing` m, each leaning a little) standing on the
    terrain `ground(xs, ys)`, with two wires: taut straight spans, or sagging by `sag` m between posts."""
    import numpy as np
    posts = Batch(post_mat, 'fence-posts')
    x = x0
    tops = []
    while x < x1:
        yy = y + rng.normal(0, jitter)
        z = float(ground(np.array([x]), np.array([yy]))[0])
        h = 1.15 + rng.normal(0, 0.04)
        posts.box((0.1, 0.1, h + 0.3), (x, yy, z + (h - 0.3) / 2), rot_z=rng.uniform(0, 1.5),
                  rot_x=rng.normal(0, lean))
        tops.append((x, yy, z))
        x += rng.uniform(*spacing)
    posts.done()
    for wz in wires:
        for (xa, ya, za), (xb, yb, zb) in zip(tops[:-1], tops[1:]):
            a, b = (xa, ya - 0.06, za + wz), (xb, yb - 0.06, zb + wz)
            if sag is not None:
                wire(catenary(a, b, sag, n=6), 0.004, wire_mat)
                continue
            pts = [Vector(a), Vector(b)]
            mid = (pts[0] + pts[1]) / 2
            o = cylinder(0.004, (pts[1] - pts[0]).length, mid, wire_mat, verts=6)
            o.rotation_euler = (pts[1] - pts[0]).to_track_quat('Z', 'Y').to_euler()


def s_sunset_drive():
    """A lay-by on a country road at golden hour (session 8; session 11 (s11a) rebuilt what read as CG: ball
    trees in a row, a flat yellow field, a clean fence, painted clouds): the sun 5 degrees up ahead to the
    right, so the scene is backlit: grass, weeds and leaves glow at their edges, every post and tree throws
    a long shadow towards the camera, the haze brightens and warms towards the sun. The car on the lay-by's
    old chip-seal, a dusty road across the frame (polished wheel tracks catching the sun), a verge of
    tussocks and seed heads, a weathered sagging wire fence, a mown meadow with blades out to 90 m, grown
    broadleaves (several templates) in a hedgerow on the crest and a lone oak nearer, hills in haze."""
    import numpy as np
    sun_el, sun_az = 5.0, 62.0
    warm = (1.0, 0.6, 0.32)
    cr10_sky(sun_el, sun_az, cover=0.5, scale=1.15, seed=11.0, squash=0.32, golden=True, strength=0.8)
    sun_light(sun_el, sun_az, 8.0, warm, angle_deg=0.6)
    plane(400, 7.0, (0, 6.1, 0.0), s11a_wet_road_mat('s11a-dry-road', base=(0.095, 0.092, 0.088), dry=1.0, puddle=0.0))
    plane(400, 33.1, (0, -13.95, 0.0), sd_layby_mat())
    paint = worn_paint_mat('road-paint', (0.7, 0.69, 0.64))
    rngp = np.random.default_rng(6)
    for i in range(-60, 61):
        plane(1.0 + rngp.normal(0, 0.03), 0.15, (i * 2.0 + 0.5 + rngp.normal(0, 0.03), 2.75 + rngp.normal(0, 0.01), 0.004),
              paint, rot=(0, 0, rngp.normal(0, 0.006)))
    fr_road_paint((6.0, 9.25), (True, False))
    terrain(9.3, 900, sd_near, s11a_field_mat(), rows=280, cols=360, name='meadow', y_power=2.6)
    terrain(1500, 20000, sd_far, sd_far_mat(), rows=200, cols=300, name='hills', y_power=1.6, margin=300)
    hay = s11a_grass_mat('s11a-hay', (0.05, 0.045, 0.022), (0.17, 0.135, 0.065), (0.32, 0.26, 0.13), (0.07, 0.085, 0.035),
                         wet=0.0, translucent=0.4)
    s11a_verge_blades(9.9, 12.9, sd_near, 1500, 0.2, hay, seed=5, name='s11a-verge-grass', tufts=220)
    s11a_verge_blades(12.9, 45.0, sd_near, 420, 0.35, hay, seed=12, name='s11a-meadow-grass', tufts=250)
    s11a_verge_blades(45.0, 90.0, sd_near, 120, 0.35, hay, seed=13, name='s11a-meadow-far', tufts=0)
    rng = np.random.default_rng(17)
    seeds = s10a_leaf_mat('s11a-seedheads', (0.08, 0.055, 0.025), (0.2, 0.14, 0.06), (0.4, 0.3, 0.15),
                          translucent=0.45, sheen=0.6)
    stalk = bark2_mat('s11a-stalk', (0.12, 0.09, 0.05))
    spots = [(rng.uniform(-14, 14), rng.uniform(10.2, 12.6)) for _ in range(30)]
    s11a_weeds(spots, sd_near, [seeds, stalk], rng)
    post_wire_fence(12.7, -30, 30, bark2_mat('post', (0.1, 0.085, 0.07), lichen=(0.22, 0.22, 0.18)),
                    simple_mat('wire', (0.25, 0.24, 0.23), 0.45, metallic=0.7), rng, sd_near, jitter=0.08,
                    lean=0.07, spacing=(2.4, 4.0), wires=(0.55, 0.85, 1.1), sag=0.06)
    s10a_litter(((2.4, 0.3, 30), (-6.0, 1.2, 25), (9.4, 0.2, 25)), (-12.0, 12.0), rng_seed=21)
    leaves = s10a_leaf_mat('s11a-leaves', (0.02, 0.04, 0.01), (0.08, 0.12, 0.03), (0.2, 0.24, 0.07),
                           dry=(0.3, 0.2, 0.06), translucent=0.4, sheen=0.45, dry_share=0.06)
    bark = bark2_mat('bark', (0.07, 0.055, 0.045), lichen=(0.12, 0.13, 0.1))
    broad = [s10a_broadleaf_mesh(251 + i, h, c, 's11a-tree%d' % i, [leaves, bark], leaves=lv, lean=ln)
             for i, (h, c, lv, ln) in enumerate(((17, 8, 1.0, 0.05), (14, 6.5, 0.9, -0.1), (21, 8.5, 1.0, 0.1),
                                                 (9, 5, 1.1, 0.0), (12, 6, 0.8, -0.15), (19, 7, 0.9, 0.0)))]
    oak = s10a_broadleaf_mesh(257, 15, 9, 's11a-lone-oak', [leaves, bark], leaves=1.4, lean=0.05)
    put(oak, (26.0, 130.0, float(sd_near(np.array([26.0]), np.array([130.0]))[0]) - 0.5), 1.0, 1.0)
    # A hedgerow along the field boundary on the crest: bushes (small trees sunk to their crowns) in front,
    # mature trees (sunk a little: shorter clear trunks) behind, a few gaps where the hills show through.
    for row, (dy, pick, step) in enumerate(((0, [0.0, 0.1, 0.0, 0.5, 0.4, 0.0], (2.5, 5)),
                                            (5, [0.25, 0.2, 0.15, 0.0, 0.15, 0.25], (7, 16)),
                                            (12, [0.2, 0.2, 0.3, 0.0, 0.1, 0.2], (8, 18)))):
        x = -130.0 + rng.uniform(0, 5)
        while x < 130:
            y = 240 + dy + 12 * math.sin(x / 37.0) + rng.uniform(-3, 3)
            z = float(sd_near(np.array([x]), np.array([y]))[0]) - (2.5 if row == 0 else 1.0)
            if row > 0 or abs(math.sin(x / 23.0 + 1.0)) > 0.25:
                put(broad[rng.choice(6, p=pick)], (x, y, z), rng.uniform(0, 6.3),
                    rng.uniform(0.7, 1.1) * (1.0 + 0.35 * max(0.0, math.sin(x / 19.0 + 0.5)) * (row > 0)))
            x += rng.uniform(*step)
    key(sun_az, sun_el, 0.1, warm)
    outdoor_camera(2.8, 30000)
    render_settings(exposure=0.1, adaptive=0.01)
    nature_compositor({'start': 0, 'depth': 9000, 'color': (0.8, 0.6, 0.42), 'max': 0.3, 'falloff': 'LINEAR'},
                      glow=(1.05, 0.42, 1.0, 0.55, (1.0, 0.74, 0.46)))
    # White balance left at daylight, as photographers do at golden hour: the whole frame a little warm.
    nt = sc.node_tree
    vig = next(n for n in nt.nodes if n.type == 'COMPOSITE').inputs['Image'].links[0].from_node
    wb = nt.nodes.new('CompositorNodeMixRGB')
    wb.blend_type = 'MULTIPLY'
    link(nt, vig.inputs[1].links[0].from_socket, wb.inputs[1])
    wb.inputs[2].default_value = (1.08, 1.0, 0.86, 1)
    link(nt, wb.outputs[0], vig.inputs[1])
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


# ---- lakeside (session 8): helpers used only by s_lakeside

def lk_near(x, y):
    """The near shore (metres, the car at 0): a level gravel car park, a grass bank from 4 m, a short
    slope of stones into the water at about 8 m, the bed falling away under it."""
    import numpy as np
    bank = np.clip((y - 4.0) / 1.5, 0, 1) * (0.1 + 0.06 * fbm(x, y, 3.0, 3, seed=41))
    edge = 7.6 + 0.5 * fbm(x, 0.0 * y, 6.0, 3, seed=42)
    drop = np.clip((y - edge) / 1.2, 0, None)
    return bank - 0.5 * drop - 0.3 * drop * drop


def lk_far(x, y):
    """The far shore about 1.4 km off: a wavering shoreline, a wooded bank, then forested hills to about
    70 m, their crest 3-4 km away."""
    import numpy as np
    d = y - 1400.0 + 60 * fbm(x, 0.0 * y, 400.0, 3, seed=43)
    up = np.clip(d, 0, None)
    hills = 70 * (1 - np.exp(-up / 1000.0)) * (0.7 + 0.6 * fbm(x, y, 1800.0, 4, seed=44)) + 6 * fbm(x, y, 150.0, 4, seed=45)
    return np.where(d > 0, 0.05 * up + hills * np.clip(up / 60.0, 0, 1), 0.02 * d) - 0.4


def s_lakeside():
    """A gravel car park on a lake shore (session 8; was ball trees on poles before flat hills): the car on
    the gravel, a grass bank, stones at the water's edge, a calm lake mirroring the far
    shore: a wooded bank and forested hills 1.4-4 km off, a snow-capped range far behind, under
    fair-weather cumulus; sun high on the right, behind the photographer."""
    sun_el, sun_az = 36, 135
    cumulus_sky(sun_el, sun_az, cover=0.42, scale=1.2, cloud_light=1.1, seed=19.0, fade=(0.006, 0.04), dust=0.3,
                squash=0.35, blue=0.45)
    sun_light(sun_el, sun_az, 3.6, (1.0, 0.96, 0.9), angle_deg=0.6)
    terrain(-9.0, 14.0, lk_near, verge_mat('lk-shore', grass=(0.07, 0.09, 0.03), gravel_to=4.0, litter_from=7.4),
            rows=300, cols=260, name='shore', y_power=1.3)
    blades = leaf2_mat('blades', (0.04, 0.055, 0.02), (0.12, 0.14, 0.06), translucent=0.3, autumn=(0.25, 0.22, 0.12))
    grass_blades(4.2, 7.4, lk_near, 900, 0.16, blades, name='grass', lean=0.45)
    water(6.5, color=(0.008, 0.028, 0.03), calm=True, wave_scale=0.7, choppy=0.15)
    land = mountain_mat()
    terrain(1250, 7000, lk_far, land, rows=260, cols=360, name='far-shore', y_power=1.8, margin=60)
    needles = leaf2_mat('far-needles', (0.008, 0.016, 0.01), (0.018, 0.026, 0.015), translucent=0.05)
    conifer_carpet(lk_far, 1400, 4500, 0.003, 18.0, needles, name='far-forest', seed=5,
                   cover_fn=lambda x, y: (lk_far(x, y) > 0.5).astype(float))
    terrain(8000, 45000, mv_far, land, rows=300, cols=420, name='range', y_power=1.5, margin=400)
    meta['floor'] = {'gloss': 0, 'roughness': 0.85, 'kind': 'gravel'}
    key(sun_az, sun_el, 0.15, (1.0, 0.96, 0.9))
    outdoor_camera(2.8, 60000)
    render_settings(exposure=-0.4, adaptive=0.01)
    nature_compositor({'start': 300, 'depth': 40000, 'color': (0.47, 0.56, 0.72), 'max': 0.58, 'falloff': 'LINEAR'})
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


def s_airport_vip():
    """An airport's VIP terminal kerbside by day (session 8; was a drawn aeroplane on a blank apron): the car on
    the forecourt's asphalt in the sun, a granite kerb with stainless bollards, then a paved drop-off under a
    deep canopy on slim round columns (white soffit with recessed downlights, a dark fascia lettered
    "VIP TERMİNALİ"), the terminal's storey-and-a-half curtain wall behind it with mullions, transoms and
    a sliding entrance, the lit hall inside showing through, clad above; fair-weather cumulus. Shot as the
    street: 40 mm at 8 m, 1.3 m, f/5.6."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 44, 215
    fair_day(sun_elev, sun_az, cover=0.35, seed=7.0)
    plane(6000, 6000, (0, 0, 0), street_asphalt_mat((0.08, 0.08, 0.085)))
    paint = worn_paint_mat()
    lines = Batch(paint, 'lane-lines')
    lines.box((120, 0.15, 0.004), (0, 5.5, 0.002))  # the drop-off lane's edge line, behind the car
    lines.done()
    granite = plaster_mat('apt-kerb', (0.58, 0.57, 0.55), 0.7, streaks=False)
    ky = 8.0
    kerbs = Batch(granite, 'apt-kerb')
    x = -60.0
    while x < 60:
        ln = random.uniform(0.9, 1.2)
        kerbs.box((ln - 0.01, 0.3, 0.15), (x + ln / 2, ky + 0.15, 0.075), rot_z=random.gauss(0, 0.003))
        x += ln
    kerbs.done()
    fy = 17.0  # the curtain wall
    plane(140, fy - ky - 0.3, (0, (fy + ky + 0.3) / 2, 0.15), floor_material('stone-paving', (0.6, 0.58, 0.55)))
    steel = simple_mat('apt-steel', (0.62, 0.63, 0.64), 0.25, metallic=0.9, grain=0.03)
    column = simple_mat('apt-column', (0.7, 0.7, 0.69), 0.4, grain=0.03)
    for bx in range(-30, 31, 2):
        cylinder(0.09, 0.9, (bx + 0.4, ky + 0.7, 0.6), steel, verts=20)
    # The canopy: a 0.6-m slab from the kerb's line back to the wall, 5 m up, on round columns.
    cz = 5.0
    soffit = simple_mat('apt-soffit', (0.78, 0.78, 0.76), 0.6, grain=0.02)
    fascia = cladding_mat('apt-fascia', (0.14, 0.15, 0.16), panel=(3.0, 1.0))
    box((120, fy + 0.5 - ky, 0.6), (0, (fy + 0.5 + ky) / 2, cz + 0.3), soffit, bevel=0.02)
    box((120, 0.3, 1.1), (0, ky - 0.15, cz + 0.35), fascia, bevel=0.02)
    lamp = no_light_sampling(emission_mat('apt-downlight', (1.0, 0.92, 0.8), 6.0))
    for lx in range(-40, 41, 3):
        for ly in (ky + 2.0, ky + 5.5, ky + 8.5):
            o = cylinder(0.12, 0.02, (lx + 1.5, ly, cz - 0.005), lamp, verts=16)
            camera_only(o)
    for cx_ in (-22.5, -13.5, -4.5, 4.5, 13.5, 22.5):
        cylinder(0.22, cz, (cx_, ky + 1.2, cz / 2), column, verts=24)
    white = simple_mat('apt-letters', (0.92, 0.92, 0.9), 0.35)
    shop_name('VIP TERMİNALİ', 0.0, ky - 0.31, cz + 0.05, 0.55, white, depth=0.04)
    # The terminal: curtain wall with mullions every 1.5 m and transoms, a sliding entrance, cladding above.
    clad = cladding_mat('apt-clad', (0.75, 0.75, 0.73), panel=(1.5, 1.0))
    glass = curtain_glass_mat('apt-glass', inside=(0.1, 0.1, 0.095))
    frame = simple_mat('apt-frame', (0.22, 0.23, 0.24), 0.35, metallic=0.7, grain=0.03)
    H = 9.0
    plane(140, H, (0, fy, H / 2), glass, rot=(math.pi / 2, 0, 0))
    box((140, 30, 16.0), (0, fy + 15.3, 8.0), clad, bevel=0)
    frames = Batch(frame, 'apt-frames')
    x = -70.0
    while x <= 70:
        frames.box((0.08, 0.25, H), (x, fy - 0.1, H / 2))
        x += 1.5
    for z in (0.15, 3.2, 6.1, H - 0.1):
        frames.box((140, 0.25, 0.12), (0, fy - 0.1, z))
    # The entrance: a framed portal with two sliding leaves, set 0.4 m forward.
    ex = 12.0
    frames.box((5.2, 0.4, 0.3), (ex, fy - 0.4, 3.1))
    for s_ in (-1, 1):
        frames.box((0.25, 0.4, 3.1), (ex + s_ * 2.6, fy - 0.4, 1.55))
        frames.box((1.25, 0.06, 2.95), (ex + s_ * 0.65, fy - 0.35, 1.5))
    frames.done()
    plane(2.4, 2.9, (ex, fy - 0.33, 1.55), glass, rot=(math.pi / 2, 0, 0))
    # A luggage trolley rack and planters under the canopy, away from the car's slot.
    planter = plaster_mat('apt-planter', (0.3, 0.3, 0.31), 0.8, streaks=False)
    leaf = leaf2_mat('apt-leaf', (0.03, 0.06, 0.02), (0.11, 0.17, 0.05), translucent=0.3)
    bark = bark2_mat('apt-bark', (0.08, 0.07, 0.06))
    shrub = broadleaf_mesh(41, 2.2, 1.0, name='apt-shrub', mats=[leaf, bark], leaves=1.0)
    for px in (-9.0, 18.0):
        box((1.6, 1.6, 0.7), (px, ky + 3.0, 0.5), planter, bevel=0.03)
        put(shrub, (px, ky + 3.0, 0.85), rot_z=random.uniform(0, 6.3))
    rack = Batch(steel, 'apt-trolleys')
    for k in range(6):
        tx = -17.0 + k * 0.35
        rack.box((0.04, 0.9, 0.9), (tx, ky + 6.0, 0.6))
        rack.box((0.6, 0.9, 0.04), (tx - 0.3, ky + 6.0, 0.35))
    rack.done()
    camera(focal=40.0, fstop=5.6, pitch_deg=0.0, height=1.3, distance=8.0)
    render_settings(exposure=-1.0, mist={'start': 80, 'depth': 1500, 'color': (0.62, 0.68, 0.76)})
    return extra


def roof_tile_mat(name, color=(0.36, 0.13, 0.07)):
    """Clay roof tiles in courses (30 x 11 cm exposed, half-bond), tile to tile tone, dark gaps under each
    course's lower edge in the bump, weathering and a little lichen drifting over metres."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    b = facade_bond(nt, c, (0.3, 0.11), 0.012, 0.3, color, 0.82, tuple(v * 0.35 for v in color), 0.5)
    weather = ramp(nt, noise(nt, c, 0.35, 5, 0.6), [(0.3, (0.72, 0.74, 0.7)), (0.7, (1.0, 1.0, 1.0))])
    col = mix_rgb(nt, 1.0, b.outputs['Color'], weather, 'MULTIPLY')
    principled(nt, out, col, 0.65, 0.4, 0.0, bump(nt, math_node(nt, 'MULTIPLY', b.outputs['Fac'], -1.0), 0.6, 0.012))
    return m


def hipped_roof(x0, x1, y0, y1, z, rise, overhang, mat, name='roof'):
    """A hipped roof over the rectangle x0..x1, y0..y1 at eaves height z: four slopes meeting at a ridge
    along X, eaves `overhang` beyond the walls, with a fascia board under the eaves."""
    import bmesh
    bm = bmesh.new()
    ex0, ex1, ey0, ey1 = x0 - overhang, x1 + overhang, y0 - overhang, y1 + overhang
    half = (ey1 - ey0) / 2
    ym = (ey0 + ey1) / 2
    v = [bm.verts.new(p) for p in ((ex0, ey0, z), (ex1, ey0, z), (ex1, ey1, z), (ex0, ey1, z),
                                    (ex0 + half, ym, z + rise), (ex1 - half, ym, z + rise))]
    for f in ((0, 1, 5, 4), (2, 3, 4, 5), (1, 2, 5), (3, 0, 4)):
        bm.faces.new([v[i] for i in f])
    me = bpy.data.meshes.new(name)
    bm.to_mesh(me)
    bm.free()
    o = bpy.data.objects.new(name, me)
    sc.collection.objects.link(o)
    me.materials.append(mat)
    sol = o.modifiers.new('thick', 'SOLIDIFY')
    sol.thickness = 0.12
    box((ex1 - ex0, 0.04, 0.2), ((ex0 + ex1) / 2, ey0 - 0.02, z - 0.06), simple_mat(name + '-fascia', (0.85, 0.85, 0.83), 0.5),
        bevel=0.005)
    return o


def s_suburban_house():
    """A detached house seen from its street by day (session 8; was a flat box with four windows): the car in
    the street by the kerb, a paved footway, the garden wall (rendered, capped) with painted railings and a
    gate, a lawn with shrubs, a two-storey rendered house set back off-centre under a hipped clay-tile roof,
    white-framed windows set into the wall, a front door under a canopy, a chimney, the neighbour's house and trees beyond; fair-weather cumulus.
    Shot as the street: 38 mm at 7 m, 1.3 m high, level, f/4."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 40, 125
    fair_day(sun_elev, sun_az, cover=0.35, seed=5.0)
    plane(6000, 6000, (0, 0, 0), street_asphalt_mat())
    kerb_y = 2.4
    granite = plaster_mat('sh-kerb', (0.56, 0.55, 0.53), 0.7, streaks=False)
    kerb_stones(kerb_y, granite, (0.9, 1.2), 0.28, 0.15, 0.006)
    wall_y = 5.0
    plane(80, wall_y - kerb_y - 0.28, (0, (kerb_y + 0.28 + wall_y) / 2, 0.15), floor_material('stone-paving', (0.52, 0.5, 0.47)))
    # The garden wall with railings; a pedestrian gate (right) and a driveway gate (left).
    render = plaster_mat('sh-wall', (0.8, 0.77, 0.7))
    cap = plaster_mat('sh-cap', (0.62, 0.6, 0.56), 0.7, streaks=False)
    iron = simple_mat('sh-railing', (0.05, 0.055, 0.06), 0.45, metallic=0.3, grain=0.04)
    rails = Batch(iron, 'sh-rails')
    gaps = ((2.6, 3.8), (-8.5, -4.5))
    runs = [(-30.0, -8.5), (-4.5, 2.6), (3.8, 30.0)]
    for a, b_ in runs:
        box((b_ - a, 0.3, 0.7), ((a + b_) / 2, wall_y + 0.15, 0.35), render, bevel=0.01)
        box((b_ - a + 0.04, 0.36, 0.06), ((a + b_) / 2, wall_y + 0.15, 0.73), cap, bevel=0.01)
        railing(rails, a, b_, wall_y + 0.15, 0.76, 0.95, spacing=0.12)
    for a, b_ in gaps:
        for px in (a, b_):
            box((0.3, 0.3, 1.8), (px, wall_y + 0.15, 0.9), render, bevel=0.01)
        # The gate leaves.
        railing(rails, a + 0.2, b_ - 0.2, wall_y + 0.25, 0.12, 1.4, spacing=0.11)
    rails.done()
    # Garden: lawn, a paved path to the door, a driveway, shrubs along the wall.
    plane(80, 40, (0, wall_y + 20.3, 0.05), floor_material('grass', (0.06, 0.09, 0.03)))
    paving = floor_material('stone-paving', (0.6, 0.58, 0.55))
    plane(1.4, 9.0, (3.2, wall_y + 4.8, 0.07), paving)
    plane(4.0, 12.0, (-6.5, wall_y + 6.3, 0.06), paving)
    leaf = leaf2_mat('sh-leaf', (0.03, 0.06, 0.02), (0.11, 0.17, 0.05), translucent=0.3)
    bark = bark2_mat('sh-bark', (0.08, 0.07, 0.06))
    shrubs = [broadleaf_mesh(60 + i, random.uniform(1.4, 2.0), random.uniform(0.8, 1.1), name='sh-shrub%d' % i,
                             mats=[leaf, bark], leaves=1.0) for i in range(3)]
    for i, sx in enumerate((-12.0, -10.2, 0.5, 5.5, 7.8, 12.5)):
        put(shrubs[i % 3], (sx, wall_y + 1.0 + random.uniform(0, 0.5), 0.05), rot_z=random.uniform(0, 6.3),
            scale=random.uniform(0.85, 1.15))
    trees = [broadleaf_mesh(70 + i, random.uniform(7.0, 9.0), random.uniform(2.6, 3.4), name='sh-tree%d' % i,
                            mats=[leaf, bark], leaves=0.9) for i in range(2)]
    for i, (tx, ty) in enumerate(((-13.0, 12.0), (15.0, 19.0), (-22.0, 26.0))):
        put(trees[i % 2], (tx, ty, 0.05), rot_z=random.uniform(0, 6.3), scale=random.uniform(0.9, 1.1))
    # The house: rendered walls, white frames; the hipped roof on top.
    hy = 14.0
    hx0, hx1 = -3.0, 9.0
    facade(hx0, hx1, hy, 6.9, (0.74, 0.7, 0.62), storey=2.9, bay=2.4, win_w=1.2, win_h=1.45, sill=0.9, shop=False,
           frame_col=(0.9, 0.9, 0.88), recess=0.14, name='sh-house', cornice=False)
    # The front door over the path (in front of the bay's ground-floor window), a canopy and two steps.
    door = simple_mat('sh-door', (0.16, 0.09, 0.05), 0.45, grain=0.06, grain_scale=8, bump_strength=0.1)
    box((1.15, 0.08, 2.2), (3.0, hy - 0.05, 0.3 + 1.1), door, bevel=0.01)
    box((0.05, 0.06, 0.3), (3.4, hy - 0.12, 1.35), simple_mat('sh-handle', (0.7, 0.68, 0.6), 0.3, metallic=0.9))
    box((1.7, 0.9, 0.12), (3.0, hy - 0.45, 2.75), cap, bevel=0.01)
    for k, (sd, sz) in enumerate(((1.2, 0.15), (0.8, 0.3))):
        box((1.8 - 0.2 * k, sd, sz), (3.0, hy - sd / 2, sz / 2), cap, bevel=0.01)
    box((0.6, 0.6, 1.6), (6.5, hy + 4.0, 6.9 + 2.2), plaster_mat('sh-chimney', (0.7, 0.66, 0.6)), bevel=0.01)
    tiles = roof_tile_mat('sh-tiles')
    hipped_roof(hx0, hx1, hy, hy + 6.4, 6.9, 2.6, 0.55, tiles, name='sh-roof')
    # The neighbour's house beyond, further back and lower.
    facade(-24.0, -14.0, hy + 6.0, 6.0, (0.66, 0.6, 0.52), storey=2.8, bay=2.5, win_w=1.1, win_h=1.4, sill=0.9,
           shop=False, frame_col=(0.35, 0.22, 0.12), recess=0.14, name='sh-next', cornice=False)
    hipped_roof(-24.0, -14.0, hy + 6.0, hy + 12.4, 6.0, 2.3, 0.5, roof_tile_mat('sh-tiles2', (0.3, 0.12, 0.07)),
                name='sh-roof2')
    camera(focal=38.0, fstop=4.0, pitch_deg=0.0, height=1.3, distance=7.0)
    render_settings(exposure=-1.0, mist={'start': 60, 'depth': 1200, 'color': (0.62, 0.68, 0.76)})
    return extra


def s_gated_estate():
    """The open-air car park of a gated housing estate (site) by day (session 8; was a flat facade behind
    cartoon trees): the car in the aisle, a row of marked bays behind it, a kerbed planted island with trees
    and lamp columns, a footway and lawn, then three apartment blocks of the estate (`tr_apartment`), set back
    and offset; fair-weather cumulus. Shot as the mall car park: 40 mm at 8 m, 1.3 m high, level, f/5.6."""
    extra = {'night': False, 'perspectiveLines': True, 'clear': [0.05, 0.95]}
    sun_elev, sun_az = 42, 120
    fair_day(sun_elev, sun_az, cover=0.35, seed=9.0)
    plane(6000, 6000, (0, 0, 0), street_asphalt_mat((0.08, 0.08, 0.083)))
    bay_lines(((4.2, 9.2),))
    planted_island(10.6, 13.2, (-17.0, -6.0, 1.0, 7.5, 18.0), (-11.5, 12.5), 'site', tree_h=(5.0, 6.5))
    plane(90, 3.0, (0, 14.8, 0.14), brick_mat('site-pavers', (0.55, 0.52, 0.48), (0.32, 0.3, 0.27), (0.2, 0.1), 0.005,
                                             ground=True))
    plane(90, 12.0, (0, 22.3, 0.1), floor_material('grass', (0.06, 0.09, 0.03)))
    tr_apartment(-34.0, -8.0, 19.0, 8, (0.86, 0.82, 0.74), (0.42, 0.5, 0.58), 'site-a')
    tr_apartment(4.0, 26.0, 24.0, 7, (0.8, 0.75, 0.66), (0.62, 0.42, 0.3), 'site-b')
    tr_apartment(-14.0, 12.0, 46.0, 10, (0.84, 0.8, 0.72), (0.5, 0.45, 0.4), 'site-c')
    camera(focal=40.0, fstop=5.6, pitch_deg=0.0, height=1.3, distance=8.0)
    render_settings(exposure=-1.0, mist={'start': 80, 'depth': 1500, 'color': (0.62, 0.68, 0.76)})
    return extra


# ---- marina (session 9): a Turkish Aegean marina quay; yachts are used only here


def granite_mat(name='granite', base=(0.3, 0.3, 0.3)):
    """Grey granite: fine salt-and-pepper grain (visible only as a texture at kerb distance), flamed matt."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    g = nt.nodes.new('ShaderNodeTexVoronoi')
    g.inputs['Scale'].default_value = 60
    link(nt, c, g.inputs['Vector'])
    col = ramp(nt, g.outputs['Color'], [(0.3, tuple(v * 0.6 for v in base)), (0.5, base), (0.8, tuple(min(1, v * 1.6) for v in base))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 1.2, 3, 0.5), [(0.3, (0.9, 0.9, 0.9)), (0.7, (1.05, 1.05, 1.05))]), 'MULTIPLY')
    principled(nt, out, col, 0.6, 0.45, 0.0, bump(nt, noise(nt, c, 80, 4, 0.6), 0.2, 0.003))
    return m


def gelcoat_mat(name, color=(0.8, 0.8, 0.78)):
    """A yacht's gelcoat: white that is not quite uniform (a faint yellowing and waviness), glossy."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    col = ramp(nt, noise(nt, c, 0.4, 3, 0.5), [(0.3, tuple(v * 0.95 for v in color)), (0.7, color)])
    principled(nt, out, col, 0.16, 0.5, 0.0, bump(nt, noise(nt, c, 1.5, 2, 0.5), 0.05, 0.01))
    return m


def teak_mat(name='teak'):
    """Weathered teak decking: silver-brown planks with dark caulking seams along the boat (object Y)."""
    m, nt, out = new_mat(name)
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, c, sep.inputs[0])
    w = nt.nodes.new('ShaderNodeTexWave')
    w.wave_profile = 'SAW'
    w.inputs['Scale'].default_value = 1.0
    w.inputs['Distortion'].default_value = 0.0
    link(nt, math_node_vec_scale(nt, c, (18.0, 0.0, 0.0)), w.inputs['Vector'])
    seam = ramp(nt, w.outputs['Fac'], [(0.0, (0.25, 0.25, 0.25)), (0.08, (1, 1, 1))])
    grain = ramp(nt, noise(nt, math_node_vec_scale(nt, c, (20.0, 1.0, 1.0)), 2.0, 4, 0.6),
                 [(0.3, (0.3, 0.24, 0.17)), (0.7, (0.42, 0.34, 0.25))])
    principled(nt, out, mix_rgb(nt, 1.0, grain, seam, 'MULTIPLY'), 0.7, 0.3)
    return m


class Yacht:
    """A moored yacht built in its own frame (stern at y = 0, bow at +y, waterline z = 0) and placed by
    (x, y, heading): hull as sections (flared sides, a sheer rising to the bow, a transom), teak deck,
    then the type's superstructure, mast and rigging as boxes and thin tubes in a shared soup."""

    def __init__(self, soup, mats, x, y, z, heading, rng):
        import numpy as np
        self.np, self.soup, self.mats, self.rng = np, soup, mats, rng
        self.o = np.array([x, y, z])
        self.c, self.s = math.cos(heading), math.sin(heading)

    def w(self, p):
        p = self.np.asarray(p, float)
        x, y = p[..., 0], p[..., 1]
        out = self.np.stack([self.c * x - self.s * y, self.s * x + self.c * y, p[..., 2]], -1)
        return out + self.o

    def hull(self, L, B, free, stripe, sections=36, topsides=0):
        np = self.np
        self.L, self.B, self.free = L, B, free
        u = np.linspace(0, 1, sections)
        hb = np.where(u < 0.4, B / 2 * (0.86 + 0.14 * np.sin(u / 0.4 * np.pi / 2)),
                      B / 2 * np.clip(1 - ((u - 0.4) / 0.6) ** 2, 0, 1) ** 0.55)
        zs = free * (1 + 0.22 * u ** 2)
        self.hb, self.zs, self.u = hb, zs, u
        # Ring (one side, top to keel): sheer, cove stripe, topsides, boot top, waterline, bilge.
        prof = [(1.0, 0.0), (0.995, -0.1), (0.99, -0.2), (0.97, None), (0.955, None), (0.6, None)]
        zring = lambda k: [zs, zs - 0.1, zs - 0.2, np.full_like(u, 0.1), np.full_like(u, 0.0), np.full_like(u, -0.45)][k]
        mats = [topsides, stripe, topsides, 3, 3]
        for side in (-1, 1):
            pts = [np.stack([side * hb * f, u * L, zring(k)], -1) for k, (f, _) in enumerate(prof)]
            for k in range(5):
                a, b = pts[k], pts[k + 1]
                q = np.stack([a[:-1], a[1:], b[1:], b[:-1]], 1)
                self.soup.quads(self.w(q), mats[k])
        # Transom (a slab just inside the stern sections) and deck.
        self.block(-hb[0] * 0.97, hb[0] * 0.97, 0.0, 0.06, -0.2, zs[0] - 0.02, topsides)
        self.block(-hb[0] * 0.975, hb[0] * 0.975, -0.005, 0.02, zs[0] - 0.2, zs[0] - 0.1, stripe)
        dk = np.stack([np.stack([-hb[:-1] * 0.97, u[:-1] * L, zs[:-1] - 0.04], -1), np.stack([-hb[1:] * 0.97, u[1:] * L, zs[1:] - 0.04], -1),
                       np.stack([hb[1:] * 0.97, u[1:] * L, zs[1:] - 0.04], -1), np.stack([hb[:-1] * 0.97, u[:-1] * L, zs[:-1] - 0.04], -1)], 1)
        self.soup.quads(self.w(dk), 1)

    def half_beam(self, v):
        return float(self.np.interp(v, self.u, self.hb))

    def sheer(self, v):
        return float(self.np.interp(v, self.u, self.zs))

    def block(self, x0, x1, y0, y1, z0, z1, mat, taper=0.0):
        """A box in the boat's frame; `taper` pulls the top face's front edge back (a raked windscreen)."""
        np = self.np
        v = np.array([[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0],
                      [x0, y0, z1], [x1, y0, z1], [x1, y1 - taper, z1], [x0, y1 - taper, z1]])
        f = [(0, 1, 2, 3), (4, 7, 6, 5), (0, 4, 5, 1), (1, 5, 6, 2), (2, 6, 7, 3), (3, 7, 4, 0)]
        self.soup.quads(self.w(np.array([[v[i] for i in q] for q in f])), mat)

    def line(self, a, b, r, mat, sag=0.0, n=2):
        np = self.np
        a, b = np.array(a, float), np.array(b, float)
        t = np.linspace(0, 1, max(n, 2))
        pts = a[None] + (b - a)[None] * t[:, None]
        pts[:, 2] -= sag * 4 * t * (1 - t)
        tube(self.soup, self.w(pts), np.full(len(t), r), mat, sides=4)

    def post(self, x, y, z0, z1, r, mat):
        self.line((x, y, z0), (x, y, z1), r, mat)

    def fittings(self, rail=True):
        """Swim platform, stern fenders' lines, pulpit and lifelines."""
        L, B = self.L, self.B
        self.block(-self.hb[0] * 0.9, self.hb[0] * 0.9, -0.55, 0.02, 0.18, 0.28, 1)
        if rail:
            for side in (-1, 1):
                ys = [0.06, 0.2, 0.34, 0.48, 0.62, 0.76, 0.88]
                top = []
                for v in ys:
                    x = side * self.half_beam(v) * 0.94
                    z = self.sheer(v)
                    self.post(x, v * L, z, z + 0.62, 0.014, 5)
                    top.append((x, v * L, z + 0.62))
                for a, b in zip(top[:-1], top[1:]):
                    self.line(a, b, 0.006, 5)
                    self.line((a[0], a[1], a[2] - 0.3), (b[0], b[1], b[2] - 0.3), 0.005, 5)

    def fenders(self, side, count, mat):
        for v in self.rng.uniform(0.25, 0.65, count):
            x = side * (self.half_beam(v) + 0.11)
            z = self.sheer(v)
            self.line((x, v * self.L, 0.15), (x, v * self.L, 0.72), 0.11, mat, n=2)
            self.line((x, v * self.L, 0.72), (x * 0.97, v * self.L, z), 0.006, 6)


def sailing_yacht(soup, mats, x, y, z, heading, rng, L=13.0, B=4.2, topsides=0):
    """A 40-45 ft cruising sloop: low topsides with a navy cove stripe, coachroof with dark ports, sprayhood,
    keel-stepped mast (about 1.35 L), boom with a lazy-bag, forestay, backstay, shrouds over two spreaders."""
    import numpy as np
    y_ = Yacht(soup, mats, x, y, z, heading, rng)
    y_.hull(L, B, 1.15, 2 if topsides == 0 else 5, topsides=topsides)
    y_.fittings()
    hb = y_.half_beam
    dz = y_.sheer(0.45)
    y_.block(-hb(0.45) * 0.62, hb(0.45) * 0.62, 0.30 * L, 0.68 * L, dz - 0.05, dz + 0.42, 0, taper=0.6)
    y_.block(-hb(0.45) * 0.63, hb(0.45) * 0.63, 0.40 * L, 0.62 * L, dz + 0.17, dz + 0.3, 4)
    y_.block(-hb(0.3) * 0.42, hb(0.3) * 0.42, 0.29 * L, 0.35 * L, dz + 0.38, dz + 0.75, 7, taper=0.45)
    # Twin helm wheels and the pushpit: what says "sailing yacht" from astern.
    zt = y_.sheer(0.0)
    for side in (-1, 1):
        a = np.linspace(0, 2 * np.pi, 25)
        cx, cy, cz, r = side * hb(0.08) * 0.45, 0.1 * L, zt + 0.55, 0.5
        tube(y_.soup, y_.w(np.stack([cx + r * np.cos(a), np.full_like(a, cy), cz + r * np.sin(a)], -1)),
                            np.full(25, 0.015), 5, sides=4)
        y_.post(cx, cy + 0.05, zt - 0.05, cz, 0.04, 5)
        for v in (0.0, 0.05):
            y_.post(side * hb(v) * 0.85, v * L + 0.05, zt, zt + 0.75, 0.014, 5)
        y_.line((side * hb(0.0) * 0.85, 0.05, zt + 0.75), (side * hb(0.05) * 0.9, 0.05 * L, zt + 0.75), 0.014, 5)
    y_.line((-hb(0.0) * 0.85, 0.05, zt + 0.75), (-hb(0.0) * 0.3, 0.05, zt + 0.75), 0.014, 5)
    y_.line((hb(0.0) * 0.3, 0.05, zt + 0.75), (hb(0.0) * 0.85, 0.05, zt + 0.75), 0.014, 5)
    mast_h = 1.35 * L + 1.5
    my = 0.58 * L
    y_.post(0, my, dz + 0.42, mast_h, 0.08, 8)
    y_.line((0, my - 0.1, dz + 1.9), (0, 0.12 * L, dz + 1.75), 0.09, 8)
    y_.line((0, my - 0.3, dz + 2.1), (0, 0.14 * L, dz + 1.95), 0.17, 7)
    y_.line((0, my, mast_h), (0, L, y_.sheer(1.0)), 0.008, 5)
    y_.line((0, my, mast_h), (0, 0.02, y_.sheer(0.0) + 0.5), 0.006, 5)
    for side in (-1, 1):
        for h in (0.45, 0.72):
            y_.line((0, my, mast_h * h), (side * 0.9, my, mast_h * h), 0.02, 8)
        y_.line((0, my, mast_h), (side * hb(0.56) * 0.95, 0.56 * L, y_.sheer(0.56)), 0.006, 5)
    y_.fenders(-1, 2, 9)
    y_.fenders(1, 2, 9)
    return y_


def motor_yacht(soup, mats, x, y, z, heading, rng, L=18.0, B=5.0):
    """A 55-60 ft flybridge motor yacht: high topsides with a dark hull-window band, a saloon with raked
    tinted glass, a flybridge under a hardtop on posts, a radar mast."""
    y_ = Yacht(soup, mats, x, y, z, heading, rng)
    y_.hull(L, B, 1.75, 4)
    y_.fittings(rail=False)
    hb = y_.half_beam
    dz = y_.sheer(0.35)
    y_.block(-hb(0.4) * 0.85, hb(0.4) * 0.85, 0.18 * L, 0.62 * L, dz - 0.05, dz + 1.0, 0, taper=0.4)
    y_.block(-hb(0.4) * 0.86, hb(0.4) * 0.86, 0.22 * L, 0.58 * L, dz + 1.0, dz + 1.75, 4, taper=0.9)
    y_.block(-hb(0.4) * 0.85, hb(0.4) * 0.85, 0.16 * L, 0.55 * L, dz + 1.75, dz + 2.0, 0, taper=0.3)
    y_.block(-hb(0.4) * 0.8, hb(0.4) * 0.8, 0.2 * L, 0.5 * L, dz + 2.0, dz + 2.9, 0, taper=0.6)
    y_.block(-hb(0.4) * 0.6, hb(0.4) * 0.6, 0.12 * L, 0.46 * L, dz + 3.35, dz + 3.47, 0)
    for sx in (-1, 1):
        for v in (0.15, 0.4):
            y_.post(sx * hb(0.4) * 0.55, v * L, dz + 2.9, dz + 3.35, 0.03, 5)
    y_.post(0, 0.3 * L, dz + 3.47, dz + 4.3, 0.04, 5)
    y_.block(-0.5, 0.5, 0.29 * L, 0.31 * L, dz + 4.0, dz + 4.05, 0)
    y_.fenders(-1, 3, 9)
    y_.fenders(1, 3, 9)
    return y_


def mr_hills(x, y):
    """The far shore of the bay (metres, the quay at 0): the shore at about 700 m, a hillside rising to
    160-260 m by 2 km, ridged and gullied."""
    import numpy as np
    d = y - 700.0 - 80 * fbm(x, 0.0 * y, 900.0, 3, seed=61)
    up = np.clip(d, 0, None)
    h = 230 * (1 - np.exp(-up / 700.0)) * (0.75 + 0.5 * fbm(x, y, 1500.0, 4, seed=62)) + 18 * fbm(x, y, 160.0, 5, seed=63)
    return np.where(d > 0, 0.12 * up + h * np.clip(up / 80.0, 0, 1), 0.05 * d) - 0.9


def maquis_mat():
    """Aegean hillside at a kilometre or two: dark-green maquis and pine in patches, straw-coloured dry grass
    and pale limestone showing between, more rock where steep."""
    m, nt, out = new_mat('maquis')
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    pos = geo.outputs['Position']
    nsep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, geo.outputs['Normal'], nsep.inputs[0])
    scrub = ramp(nt, noise(nt, pos, 0.03, 6, 0.65), [(0.35, (0.016, 0.028, 0.013)), (0.65, (0.04, 0.058, 0.026))])
    dry = ramp(nt, noise(nt, pos, 0.02, 5, 0.6), [(0.3, (0.2, 0.16, 0.1)), (0.7, (0.32, 0.27, 0.18))])
    patch = ramp(nt, noise(nt, pos, 0.008, 6, 0.65), [(0.55, (0, 0, 0)), (0.7, (1, 1, 1))])
    col = mix_rgb(nt, patch, scrub, dry)
    steep = smooth_band(nt, math_node(nt, 'SUBTRACT', 1.0, nsep.outputs['Z']), 0.25, 0.45)
    rock = ramp(nt, noise(nt, pos, 0.05, 5, 0.6), [(0.3, (0.25, 0.24, 0.21)), (0.7, (0.4, 0.38, 0.34))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', steep, 0.7), col, rock)
    principled(nt, out, col, 0.9, 0.3, 0.0, bump(nt, noise(nt, pos, 0.05, 6, 0.7), 0.5, 8.0))
    return m


def s11d_haze(m, color, dist):
    """Airlight on a material (nd_haze on its surface shader): it fades towards the haze colour with the
    distance from the camera, so far hills and houses lose contrast and go blue-grey as in a photograph."""
    nt_ = m.node_tree
    out_ = next(n for n in nt_.nodes if n.type == 'OUTPUT_MATERIAL')
    nd_haze(nt_, out_, out_.inputs['Surface'].links[0].from_socket, color, dist)
    return m


def s11d_slab_lattice(nt, p, lattice, offset, mortar, size, wobble):
    """A brick lattice of slabs or pavers (Color: a random grey per cell, Fac: 1 in the joints) over the
    `lattice` coordinates, its joints wobbled by a noise of `p` (slabs shift as the bed settles, no ruled
    joints). offset: (offset, frequency); mortar: (size, smooth); size: (brick width, row height);
    wobble: (noise scale, detail, amount per axis)."""
    br = nt.nodes.new('ShaderNodeTexBrick')
    br.offset, br.offset_frequency = offset
    br.inputs['Scale'].default_value = 1.0
    br.inputs['Mortar Size'].default_value, br.inputs['Mortar Smooth'].default_value = mortar
    br.inputs['Bias'].default_value = 0.0
    br.inputs['Brick Width'].default_value, br.inputs['Row Height'].default_value = size
    br.inputs['Color1'].default_value = (0.0, 0.0, 0.0, 1)
    br.inputs['Color2'].default_value = (1.0, 1.0, 1.0, 1)
    br.inputs['Mortar'].default_value = (0.0, 0.0, 0.0, 1)
    wob = nt.nodes.new('ShaderNodeVectorMath')
    wob.operation = 'MULTIPLY_ADD'
    wn = nt.nodes.new('ShaderNodeTexNoise')
    wn.inputs['Scale'].default_value, wn.inputs['Detail'].default_value, amount = wobble
    link(nt, p, wn.inputs['Vector'])
    link(nt, wn.outputs['Color'], wob.inputs[0])
    wob.inputs[1].default_value = amount
    link(nt, lattice, wob.inputs[2])
    link(nt, wob.outputs[0], br.inputs['Vector'])
    return br


def s11d_quay_mat():
    """Session 11 (marina): the quay of dressed limestone slabs laid in courses along the water (across
    the frame), each slab its own size-shifted lattice cell, shade and wear: foot-polished paths, rust
    bleeding from the bollards' bases, dark oil and fish-bucket stains, salt bloom and chewing gum, grit in
    the joints, the edge strip darker where spray wets it. Records the floor (matt stone)."""
    m, nt, out = new_mat('s11d-quay')
    p = s11d_world_pos(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    # Each course laid with its own offset (a hash of the row index shifts x), so the short joints never
    # line up into lines running towards the camera.
    row = math_node(nt, 'FLOOR', math_node(nt, 'DIVIDE', sep.outputs['Y'], 0.5))
    shift = math_node(nt, 'FRACT', math_node(nt, 'MULTIPLY', math_node(nt, 'SINE', math_node(nt, 'MULTIPLY', row, 12.9898)), 43758.5453))
    pc = nt.nodes.new('ShaderNodeCombineXYZ')
    stretch = math_node(nt, 'ADD', 0.75, math_node(nt, 'MULTIPLY', math_node(nt, 'FRACT', math_node(nt, 'MULTIPLY', shift, 7.31)), 0.6))
    link(nt, math_node(nt, 'MULTIPLY', math_node(nt, 'ADD', sep.outputs['X'], math_node(nt, 'MULTIPLY', shift, 3.1)), stretch), pc.inputs['X'])
    link(nt, sep.outputs['Y'], pc.inputs['Y'])
    p2 = pc.outputs[0]
    br = s11d_slab_lattice(nt, p, p2, (0.0, 1), (0.01, 0.4), (0.85, 0.5), (0.6, 3.0, (0.06, 0.03, 0.0)))
    rsep = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, br.outputs['Color'], rsep.inputs[0])
    joint = br.outputs['Fac']
    base = (0.47, 0.42, 0.34)
    col = ramp(nt, rsep.outputs['R'], [(0.0, tuple(v * 0.74 for v in base)), (0.5, base), (1.0, (base[0] * 1.15, base[1] * 1.13, base[2] * 1.08))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, rsep.outputs['G'], [(0.0, (1.02, 0.97, 0.91)), (0.5, (1, 1, 1)), (1.0, (0.96, 0.98, 1.0))]), 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, p, 0.12, 4, 0.5), [(0.3, (0.86, 0.86, 0.85)), (0.7, (1.06, 1.05, 1.04))]), 'MULTIPLY')
    # Fossil and pore mottle inside a slab, dark weathering specks.
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, p, 7.0, 6, 0.65), [(0.3, (0.86, 0.86, 0.85)), (0.7, (1.05, 1.05, 1.04))]), 'MULTIPLY')
    specks = nt.nodes.new('ShaderNodeTexVoronoi')
    specks.inputs['Scale'].default_value = 11.0
    link(nt, p, specks.inputs['Vector'])
    sp = math_node(nt, 'MULTIPLY', ramp(nt, specks.outputs['Distance'], [(0.0, (1, 1, 1)), (0.06, (0, 0, 0))]),
                   ramp(nt, specks.outputs['Color'], [(0.6, (0, 0, 0)), (0.61, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', sp, 0.8), col, (0.1, 0.09, 0.08))
    # Stains: broad old ones, oil and fish-water blots, rust near the bollards.
    stain = ramp(nt, noise(nt, p, 0.45, 6, 0.65), [(0.3, (0.5, 0.47, 0.43)), (0.52, (1, 1, 1))])
    # Dried puddle rings and spills: sharper-edged darker patches with a darker rim.
    spill = noise(nt, p, 0.9, 8, 0.7, distortion=0.4)
    col = mix_rgb(nt, 1.0, col, ramp(nt, spill, [(0.6, (1, 1, 1)), (0.615, (0.62, 0.6, 0.57)), (0.64, (0.74, 0.72, 0.69))]), 'MULTIPLY')
    # Fine grime that the denoiser keeps: a 5-cm mottle of darker and paler grit.
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, p, 22.0, 4, 0.7), [(0.35, (0.8, 0.79, 0.78)), (0.65, (1.06, 1.06, 1.05))]), 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, stain, 'MULTIPLY')
    blot = ramp(nt, noise(nt, p, 1.3, 6, 0.7), [(0.65, (1, 1, 1)), (0.74, (0.45, 0.44, 0.43))])
    col = mix_rgb(nt, 1.0, col, blot, 'MULTIPLY')
    rust = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', _xy_dist(nt, p, -3.9, 3.6), 1.6), math_node(nt, 'MULTIPLY', noise(nt, p, 3.0, 5, 0.7), 0.8))
    rust = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, rust, 0.7, 1.3))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', rust, 0.65), col, (0.28, 0.14, 0.06))
    # The last metre at the edge: darker, greener, where spray and rain lie.
    edge = smooth_band(nt, math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', noise(nt, p, 1.0, 4, 0.6), 0.6)), 3.2, 3.9)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', edge, 0.5), col, (0.22, 0.22, 0.18))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', joint, 0.7), col, ramp(nt, noise(nt, p, 0.8, 3, 0.5), [(0.4, (0.16, 0.15, 0.13)), (0.6, (0.32, 0.29, 0.24))]))
    # Foot-polished paths: smoother and a touch lighter.
    worn = smooth_band(nt, noise(nt, math_node_vec_scale(nt, p, (0.25, 1.0, 1.0)), 0.4, 3, 0.5), 0.5, 0.65)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', worn, 0.3), col, tuple(min(1, v * 1.15) for v in base))
    rough = math_node(nt, 'SUBTRACT', 0.82, math_node(nt, 'MULTIPLY', worn, 0.25))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', joint, -1.0), math_node(nt, 'MULTIPLY', rsep.outputs['B'], 0.5))
    h = math_node(nt, 'ADD', h, math_node(nt, 'MULTIPLY', noise(nt, p, 30, 5, 0.65), 0.3))
    principled(nt, out, col, rough, 0.35, 0.0, bump(nt, h, 0.3, 0.006))
    meta['floor'] = {'gloss': 0.04, 'roughness': 0.75, 'kind': 'stone-paving'}
    return m


def s11d_harbour_water_mat():
    """Marina water: dark green-blue, clear enough near the wall that a greener tone comes up, a smooth
    surface that mirrors the boats but is broken by ripples from the breeze and wakes (the reflections
    shiver into streaks), cat's-paws where the wind touches it, a scum line along the quay."""
    m, nt, out = new_mat('s11d-harbour-water')
    p = s11d_world_pos(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    rip = noise(nt, math_node_vec_scale(nt, p, (0.45, 1.0, 1.0)), 1.8, 3, 0.5, distortion=0.4)
    fine = noise(nt, math_node_vec_scale(nt, p, (0.5, 1.0, 1.0)), 6.0, 2, 0.5)
    paw = smooth_band(nt, noise(nt, p, 0.06, 3, 0.55), 0.5, 0.62)
    h = math_node(nt, 'ADD', rip, math_node(nt, 'MULTIPLY', fine, math_node(nt, 'ADD', 0.15, math_node(nt, 'MULTIPLY', paw, 0.5))))
    h = math_node(nt, 'MULTIPLY', h, distance_fade(nt, 20.0, 600.0, 1.0, 0.3))
    nrm = bump(nt, h, 0.22, 0.05)
    col = ramp(nt, noise(nt, p, 0.1, 3, 0.5), [(0.3, (0.006, 0.03, 0.03)), (0.7, (0.01, 0.045, 0.04))])
    near = smooth_band(nt, sep.outputs['Y'], 8.0, 4.5)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', near, 0.7), col, (0.03, 0.07, 0.05))
    scum = math_node(nt, 'MULTIPLY', smooth_band(nt, sep.outputs['Y'], 4.6, 4.15),
                     smooth_band(nt, noise(nt, p, 2.0, 5, 0.6), 0.45, 0.6))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', scum, 0.6), col, (0.12, 0.12, 0.09))
    rough = mix_rgb(nt, paw, (0.02, 0.02, 0.02), (0.08, 0.08, 0.08))
    pr = principled(nt, out, col, rough, 0.5, 0.0, nrm)
    pr.inputs['IOR'].default_value = 1.33
    return m


def s11d_gulet(soup, mats, x, y, z, heading, rng, L=20.0):
    """A Bodrum gulet: a beamy varnished-wood hull with a high sheer and a bowsprit, white bulwark rail,
    a low deckhouse, a long aft deck under a canvas awning on posts, two masts (the main taller) with the
    sails furled on the booms."""
    import numpy as np
    y_ = Yacht(soup, mats, x, y, z, heading, rng)
    y_.hull(L, L * 0.28, 1.6, 13, topsides=12)
    hb = y_.half_beam
    for side in (-1, 1):
        for v0, v1 in ((0.02, 0.5), (0.5, 0.97)):
            a0, a1 = (side * hb(v0) * 0.97, v0 * L, y_.sheer(v0) + 0.45), (side * hb(v1) * 0.97, v1 * L, y_.sheer(v1) + 0.45)
            y_.line(a0, a1, 0.05, 0, n=6)
    dz = y_.sheer(0.5)
    y_.block(-hb(0.5) * 0.55, hb(0.5) * 0.55, 0.35 * L, 0.6 * L, dz - 0.05, dz + 0.7, 12, taper=0.2)
    y_.block(-hb(0.5) * 0.56, hb(0.5) * 0.56, 0.4 * L, 0.56 * L, dz + 0.3, dz + 0.5, 4)
    # Awning over the aft deck.
    zt = y_.sheer(0.05)
    for sx in (-1, 1):
        for v in (0.03, 0.17, 0.32):
            y_.post(sx * hb(v) * 0.85, v * L, y_.sheer(v), zt + 2.3, 0.03, 12)
    y_.block(-hb(0.2) * 0.95, hb(0.2) * 0.95, 0.0, 0.34 * L, zt + 2.3, zt + 2.36, 14)
    for side in (-1, 1):
        y_.block(side * hb(0.2) * 0.95 - 0.01, side * hb(0.2) * 0.95 + 0.01, 0.0, 0.34 * L, zt + 2.05, zt + 2.33, 14)
    for my, mh in ((0.62, 0.95 * L), (0.3, 0.6 * L)):
        y_.post(0, my * L, y_.sheer(my), mh, 0.11, 12)
        y_.line((0, my * L - 0.2, y_.sheer(my) + 2.4), (0, (my - 0.28) * L, y_.sheer(my) + 2.2), 0.2, 14)
        y_.line((0, my * L, mh), (0, L + 2.5, y_.sheer(1.0) + 0.2), 0.01, 5)
    y_.line((0, L, y_.sheer(1.0) + 0.1), (0, L + 2.6, y_.sheer(1.0) + 0.3), 0.07, 12)
    y_.fenders(-1, 3, 16)
    y_.fenders(1, 3, 16)
    return y_


def s11d_kayik(soup, mats, x, y, z, heading, rng, L=7.5, paint=15):
    """A small Aegean fishing boat (kayık): a painted wooden hull (white with a coloured sheer strake),
    a wooden rubbing rail, a tiny wheelhouse aft of midships, a short mast with a light, nets and crates."""
    y_ = Yacht(soup, mats, x, y, z, heading, rng)
    y_.hull(L, L * 0.33, 0.9, paint, topsides=int(rng.choice([0, 0, 15, 17])))
    hb = y_.half_beam
    dz = y_.sheer(0.4)
    y_.block(-hb(0.4) * 0.5, hb(0.4) * 0.5, 0.3 * L, 0.48 * L, dz - 0.05, dz + 1.4, 0)
    y_.block(-hb(0.4) * 0.51, hb(0.4) * 0.51, 0.4 * L, 0.47 * L, dz + 0.75, dz + 1.15, 4)
    y_.block(-hb(0.4) * 0.55, hb(0.4) * 0.55, 0.28 * L, 0.5 * L, dz + 1.4, dz + 1.47, 12)
    y_.post(0, 0.6 * L, y_.sheer(0.6), y_.sheer(0.6) + 3.2, 0.05, 12)
    # Nets heaped on the aft deck, a crate.
    y_.block(-hb(0.15) * 0.6, hb(0.15) * 0.4, 0.06 * L, 0.22 * L, y_.sheer(0.1) - 0.1, y_.sheer(0.1) + 0.3, 18)
    y_.block(hb(0.15) * 0.45, hb(0.15) * 0.8, 0.1 * L, 0.16 * L, y_.sheer(0.1) - 0.1, y_.sheer(0.1) + 0.25, 19)
    y_.fenders(-1, 2, 9)
    y_.fenders(1, 2, 16)
    return y_


def s11d_town(rng, n, houses, windows, roofs, y_near, y_scale):
    """Houses on the far hillside that vary as a real Aegean town does: one to three storeys, 5-16 m
    across, turned along the contours each its own way, walls white, cream, ochre, pale pink or grey
    (`tone` picks the colour in the material), some stepped, about half under terracotta hip roofs, the
    rest flat with a parapet; dark windows and doors on the faces towards the bay; thick by the shore and
    in the folds, thinning upslope."""
    import numpy as np
    hs, ws, rs = Soup(), Soup(), Soup()
    k = 0
    tries = 0
    while k < n and tries < 30000:
        tries += 1
        y = y_near + rng.exponential(y_scale)
        x = rng.uniform(-1, 1) * (0.38 * (y + 10) + 40)
        ground = float(mr_hills_s11d(np.array([x]), np.array([y]))[0])
        if ground < 1.5:
            continue
        if fbm(np.array([x]), np.array([y]), 400.0, 2, seed=64)[0] < -0.05 and rng.random() < 0.85:
            continue
        w, d = rng.uniform(5, 13), rng.uniform(5, 10)
        h = float(rng.choice([3.0, 3.0, 3.2, 6.0, 6.2, 9.0]))
        rz = rng.normal(0, 0.35)
        tone = rng.random()
        cr10_box(hs, (w, d, h + 2.5), (x, y, ground + h / 2 - 1.25), rot_z=rz, tone=tone, shade=rng.random())
        ca, sa = math.cos(rz), math.sin(rz)
        if rng.random() < 0.35:
            w2 = w * rng.uniform(0.4, 0.7)
            cr10_box(hs, (w2, d * 0.6, 3.0), (x + ca * w * 0.2, y + sa * w * 0.2, ground + h + 1.5), rot_z=rz, tone=tone, shade=rng.random())
        top = ground + h
        if rng.random() < 0.5:
            # Hip roof as a low pyramid of four triangles.
            hw, hd, rise = w / 2 + 0.4, d / 2 + 0.4, min(w, d) * 0.22
            cs = [(-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)]
            wc = [(x + ca * a - sa * b, y + sa * a + ca * b, top) for a, b in cs]
            ridge = [(x + ca * a - sa * 0.0, y + sa * a, top + rise) for a in (-max(0.1, hw - hd), max(0.1, hw - hd))]
            rs.add([[wc[0], wc[1], ridge[1]], [wc[0], ridge[1], ridge[0]], [wc[2], wc[3], ridge[0]], [wc[2], ridge[0], ridge[1]],
                    [wc[1], wc[2], ridge[1]], [wc[3], wc[0], ridge[0]]], 0, tone=rng.random())
        else:
            cr10_box(hs, (w + 0.1, d + 0.1, 0.35), (x, y, top + 0.17), rot_z=rz, tone=tone, shade=rng.random())
        for fl in range(int(h // 3)):
            for _ in range(int(rng.integers(1, 4))):
                u = rng.uniform(-0.38, 0.38) * w
                wx, wy = x + ca * u + sa * (d / 2 + 0.03), y + sa * u - ca * (d / 2 + 0.03)
                cr10_box(ws, (rng.uniform(0.8, 1.4), 0.1, rng.uniform(1.0, 2.0)), (wx, wy, ground + 1.3 + fl * 3.0), rot_z=rz)
        k += 1
    for s_, m_, nm in ((hs, houses, 's11d-houses'), (ws, windows, 's11d-house-windows'), (rs, roofs, 's11d-roofs')):
        me = s_.mesh(nm, [m_])
        ob = bpy.data.objects.new(nm, me)
        sc.collection.objects.link(ob)


def s11d_house_mat(haze):
    """Walls of the hillside houses: the colour from the face attribute `tone` (whitewash, cream, ochre,
    pale pink, grey), a per-house `shade` for dirt and age."""
    m, nt, out = new_mat('s11d-house')
    t = attr(nt, 'tone')
    col = ramp(nt, t, [(0.0, (0.62, 0.61, 0.58)), (0.4, (0.56, 0.54, 0.49)), (0.55, (0.55, 0.48, 0.37)), (0.7, (0.5, 0.4, 0.29)),
                       (0.84, (0.55, 0.45, 0.41)), (1.0, (0.45, 0.45, 0.43))])
    col = mix_rgb(nt, 1.0, col, ramp(nt, attr(nt, 'shade'), [(0.0, (0.8, 0.8, 0.79)), (1.0, (1.0, 1.0, 1.0))]), 'MULTIPLY')
    principled(nt, out, col, 0.85, 0.3)
    return s11d_haze(m, (0.62, 0.68, 0.76), haze)


def mr_hills_s11d(x, y):
    """mr_hills pushed 300 m further off (the shore at about 1 km): the houses smaller and hazier."""
    return mr_hills(x, y - 300.0)


def s_marina():
    """An Aegean marina quay (session 11; session 9's version was called busy and CG: identical white
    yachts, a hill packed with drawn white houses). The car on the quay's dressed limestone slabs (courses
    across the frame, worn and stained), a granite edge with a cast-iron bollard and mooring rings; yachts
    moored stern-to either side of the fairway behind the car; across the basin a row of mixed boats (sloops
    with hulls of several colours, motor yachts, Bodrum gulets under awnings, small painted fishing
    kayıks), boats at anchor further out; water whose ripples break their reflections; the far shore at
    about a kilometre in haze: maquis hills, pines and a town of houses of varied size, colour, roof and
    orientation. Late-afternoon sun behind the photographer's left shoulder."""
    import numpy as np
    rng = np.random.default_rng(911)
    sun_el, sun_az = 24, 232
    cumulus_sky(sun_el, sun_az, cover=0.46, scale=1.2, cloud_light=1.05, seed=29.0, fade=(0.006, 0.05), dust=0.5,
                squash=0.35, blue=0.55, tint=(1.0, 0.96, 0.9))
    warm = (1.0, 0.9, 0.78)
    sun_light(sun_el, sun_az, 3.4, warm, angle_deg=0.55)
    key(sun_az, sun_el, 0.15, warm)
    edge = 4.0
    plane(400, 60, (0, edge - 30.0, 0.0), s11d_quay_mat())
    kerb = Soup()
    x = -40.0
    while x < 40:
        ln = rng.uniform(0.8, 1.6)
        cr10_box(kerb, (ln - 0.01, 0.42, 0.32), (x + ln / 2, edge - 0.2 + rng.normal(0, 0.006), -0.15 + rng.uniform(-0.006, 0.006)),
                 rot_z=rng.normal(0, 0.003), blk=rng.random())
        x += ln
    me = kerb.mesh('s11d-kerb', [cr10_stone_mat()])
    ob = bpy.data.objects.new('s11d-kerb', me)
    sc.collection.objects.link(ob)
    plane(400, 1.4, (0, edge + 0.005, -0.98), brick_mat('quay-wall', (0.3, 0.29, 0.25), mortar=(0.2, 0.19, 0.17),
                                                        unit=(0.9, 0.42), joint=0.02, ground=True), rot=(math.pi / 2, 0, 0))
    plane(4000, 6000, (0, edge + 3000, -0.75), s11d_harbour_water_mat())
    iron = simple_mat('cast-iron', (0.035, 0.035, 0.04), 0.45, metallic=0.6, grain=0.15, grain_scale=8)
    for bx in (-3.9,):
        cylinder(0.13, 0.45, (bx, edge - 0.35, 0.22), iron, verts=24)
        cylinder(0.2, 0.08, (bx, edge - 0.35, 0.48), iron, verts=24)
        cylinder(0.17, 0.08, (bx, edge - 0.35, 0.03), iron, verts=24)
    # A marina service pedestal (water and power for the berths): a white plastic post with a dark cap,
    # grubby at the foot, a hose coiled beside it.
    ped = s10a_weathered(simple_mat('s11d-pedestal', (0.45, 0.45, 0.43), 0.45, grain=0.3, grain_scale=3))
    box((0.3, 0.24, 0.85), (4.2, edge - 0.55, 0.425), ped, bevel=0.03)
    box((0.36, 0.3, 0.1), (4.2, edge - 0.55, 0.9), simple_mat('s11d-cap', (0.05, 0.07, 0.1), 0.4), bevel=0.03)
    box((0.18, 0.02, 0.11), (4.2, edge - 0.68, 0.68), simple_mat('s11d-socket', (0.45, 0.2, 0.03), 0.4), bevel=0.005)
    for i in range(3):
        bpy.ops.mesh.primitive_torus_add(major_radius=0.22 - i * 0.015, minor_radius=0.012, location=(3.6, edge - 0.75, 0.013 + i * 0.02))
        o = bpy.context.active_object
        o.rotation_euler = (rng.normal(0, 0.04), rng.normal(0, 0.04), 0)
        o.data.materials.append(simple_mat('s11d-hose', (0.03, 0.08, 0.12), 0.5) if i == 0 else bpy.data.materials['s11d-hose'])
    # Mooring rings lying on the stone, let into the kerb.
    for rx in (1.6, 4.3):
        bpy.ops.mesh.primitive_torus_add(major_radius=0.09, minor_radius=0.014, location=(rx, edge - 0.22, 0.015))
        o = bpy.context.active_object
        o.rotation_euler = (0.15, 0, rng.uniform(0, 1))
        o.data.materials.append(iron)
    # The boats: one soup, materials by index.
    mats = [gelcoat_mat('gelcoat'), teak_mat(), simple_mat('cove-stripe', (0.02, 0.03, 0.08), 0.2),
            simple_mat('boot-top', (0.025, 0.03, 0.06), 0.25), glass_mat('yacht-glass', (0.3, 0.33, 0.36), 0.03),
            simple_mat('stainless', (0.8, 0.8, 0.8), 0.2, metallic=1.0), simple_mat('rope', (0.7, 0.68, 0.62), 0.8),
            simple_mat('canvas', (0.03, 0.05, 0.11), 0.75, grain=0.2, grain_scale=20),
            simple_mat('spar', (0.55, 0.56, 0.58), 0.35, metallic=0.8), simple_mat('fender', (0.04, 0.06, 0.14), 0.35),
            gelcoat_mat('gelcoat-navy', (0.02, 0.03, 0.06)), gelcoat_mat('gelcoat-grey', (0.45, 0.47, 0.48)),
            simple_mat('s11d-varnish', (0.07, 0.032, 0.014), 0.2, grain=0.25, grain_scale=3),
            simple_mat('s11d-rubbing', (0.6, 0.58, 0.52), 0.5),
            simple_mat('s11d-awning', (0.62, 0.58, 0.5), 0.9, grain=0.25, grain_scale=4),
            simple_mat('s11d-kayik-blue', (0.03, 0.13, 0.32), 0.5, grain=0.3, grain_scale=3),
            simple_mat('s11d-fender-white', (0.62, 0.62, 0.6), 0.4),
            simple_mat('s11d-kayik-red', (0.35, 0.04, 0.03), 0.5, grain=0.3, grain_scale=3),
            simple_mat('s11d-nets', (0.25, 0.12, 0.05), 0.95, grain=0.5, grain_scale=20),
            simple_mat('s11d-crate', (0.2, 0.3, 0.4), 0.6),
            gelcoat_mat('gelcoat-cream', (0.68, 0.62, 0.5))]
    soup = Soup()
    wl = -0.75
    stern_y = edge + 1.6
    # Stern-to either side of the fairway: a sloop with a navy hull and a gulet on the left, a sloop and a
    # motor yacht on the right.
    near = [(-6.9, 's', 10), (-12.0, 'g', 0), (-16.6, 's', 0), (6.8, 's', 20), (11.7, 'm', 0), (17.0, 's', 11)]
    for bx, kd, hc in near:
        hd = rng.normal(0, 0.02)
        if kd == 's':
            b = sailing_yacht(soup, mats, bx, stern_y + rng.uniform(0, 0.4), wl, hd, rng, L=rng.uniform(11.5, 14.5), B=4.0,
                              topsides=hc)
        elif kd == 'g':
            b = s11d_gulet(soup, mats, bx, stern_y + 0.5, wl, hd, rng, L=22.0)
        else:
            b = motor_yacht(soup, mats, bx, stern_y - 0.3, wl, hd, rng, L=rng.uniform(16, 19), B=5.0)
        for sx in (-1, 1):
            a = b.w((sx * b.hb[0] * 0.8, 0.0, b.zs[0]))
            tube(soup, np.array(catenary(tuple(a), (bx + sx * 1.3, edge - 0.3, 0.05), 0.25, 10)), np.full(11, 0.012), 6, sides=4)
    # Across the basin: a mixed row at a pontoon 45-50 m off, moored bows-on, each its own size and angle.
    bx = -32.0
    while bx < 32:
        r = rng.random()
        if abs(bx) < 7 and 0.45 <= r < 0.8:
            r = rng.choice([0.2, 0.9])  # behind the car: sloops and kayıks, not the bulk of a gulet
        hd = math.pi + rng.normal(0, 0.05)
        yy = 47 + rng.uniform(-0.6, 0.8)
        if r < 0.45:
            L = rng.uniform(9, 14)
            sailing_yacht(soup, mats, bx, yy, wl, hd, rng, L=L, B=L * 0.32, topsides=int(rng.choice([0, 0, 10, 11, 20])))
            bx += L * 0.32 + rng.uniform(0.8, 1.6)
        elif r < 0.6:
            L = rng.uniform(12, 18)
            motor_yacht(soup, mats, bx, yy, wl, hd, rng, L=L, B=L * 0.29)
            bx += L * 0.29 + rng.uniform(0.8, 1.6)
        elif r < 0.8:
            L = rng.uniform(18, 26)
            s11d_gulet(soup, mats, bx, yy - 2, wl, hd, rng, L=L)
            bx += L * 0.28 + rng.uniform(1.0, 2.0)
        else:
            L = rng.uniform(6, 8.5)
            s11d_kayik(soup, mats, bx, yy + 3, wl, hd, rng, L=L, paint=int(rng.choice([15, 17, 2])))
            bx += L * 0.33 + rng.uniform(0.6, 1.4)
        bx += 0.0
    box((80, 2.4, 0.5), (0, 49.5, wl + 0.1), simple_mat('pontoon', (0.35, 0.33, 0.3), 0.8, grain=0.3, grain_scale=2), bevel=0.02)
    for i in range(12):
        y = rng.uniform(160, 600)
        bx = rng.uniform(-1, 1) * 0.36 * (y + 10)
        hd = rng.uniform(0, 2 * math.pi)
        r = rng.random()
        if r < 0.45:
            sailing_yacht(soup, mats, bx, y, wl, hd, rng, L=rng.uniform(10, 15), B=4.0, topsides=int(rng.choice([0, 0, 10, 20])))
        elif r < 0.7:
            s11d_gulet(soup, mats, bx, y, wl, hd, rng, L=rng.uniform(18, 28))
        elif r < 0.85:
            s11d_kayik(soup, mats, bx, y, wl, hd, rng, L=rng.uniform(6, 9))
        else:
            motor_yacht(soup, mats, bx, y, wl, hd, rng, L=rng.uniform(16, 30), B=5.5)
    me = soup.mesh('yachts', mats)
    o = bpy.data.objects.new('yachts', me)
    sc.collection.objects.link(o)
    hazec = (0.62, 0.68, 0.76)
    terrain(900, 9300, mr_hills_s11d, s11d_haze(maquis_mat(), hazec, 4500.0), rows=320, cols=420, name='hills', y_power=1.8, margin=250)
    pines = s11d_haze(leaf2_mat('pines', (0.01, 0.02, 0.01), (0.03, 0.045, 0.02), translucent=0.05), hazec, 4500.0)
    conifer_carpet(mr_hills_s11d, 1010, 2900, 0.0016, 12.0, pines, name='pines', seed=7,
                   cover_fn=lambda x, y: np.clip(fbm(x, y, 300.0, 3, seed=66) + 0.2, 0, 1))
    s11d_town(rng, 300, s11d_house_mat(4500.0),
              s11d_haze(simple_mat('house-window', (0.05, 0.055, 0.06), 0.4), hazec, 4500.0),
              s11d_haze(simple_mat('house-roof', (0.36, 0.14, 0.08), 0.8, grain=0.3, grain_scale=0.5),
                        hazec, 4500.0), 1000.0, 380.0)
    camera(focal=50.0, fstop=4.0, pitch_deg=-0.5, distance=10.0)
    sc.camera.data.clip_end = 20000
    render_settings(exposure=-0.55, look='Medium High Contrast', glare=0.2, adaptive=0.01)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


# ---- beach (session 9): a beach-road lay-by; helpers used only by s_beach


def bch_far(x, y):
    """A headland on the right about 1-2 km off: a ridge running out into the sea from the right edge,
    cliffs where it meets the water; flat sea elsewhere (below the surface)."""
    import numpy as np
    ridge = 140 * np.exp(-((y - 1700.0) / 700.0) ** 2) * (1 + 0.25 * fbm(x, y, 400.0, 4, seed=74))
    reach = np.clip((x - 60 - 0.25 * (y - 1000)) / 250.0, 0, 1) ** 0.5
    return ridge * reach + 20 * reach * fbm(x, y, 120.0, 5, seed=75) - 4.0


def s11d_world_pos(nt):
    """World position (the plane's object coordinates are offset; masks here are in world metres)."""
    geo = nt.nodes.new('ShaderNodeNewGeometry')
    return geo.outputs['Position']


def s11d_paving_mat():
    """Session 11 (beach): a promenade of grey concrete interlocking pavers (20 x 10 cm, rows across the
    frame) bleached by years of sun: each paver its own shade, some newer and darker, some sunk, sand
    swept into the joints, blown sand in drifts (along the wall and in tongues across the lay-by), tyre
    dust, oil drips, flattened chewing gum. Records the floor (matt concrete)."""
    m, nt, out = new_mat('s11d-paving')
    p = s11d_world_pos(nt)
    # Wobble the lattice a little: pavers shift as the bed settles, no ruled joints.
    br = s11d_slab_lattice(nt, p, p, (0.5, 2), (0.008, 0.3), (0.4, 0.2), (0.8, 2.0, (0.025, 0.015, 0.0)))
    rnd = br.outputs['Color']
    rsep = nt.nodes.new('ShaderNodeSeparateRGB')
    link(nt, rnd, rsep.inputs[0])
    joint = br.outputs['Fac']  # 1 in the joints
    base = (0.36, 0.355, 0.345)
    col = ramp(nt, rsep.outputs['R'], [(0.0, tuple(v * 0.72 for v in base)), (0.5, base), (0.9, tuple(v * 1.15 for v in base)),
                                       (0.93, (0.26, 0.255, 0.25)), (1.0, (0.3, 0.29, 0.28))])
    # Sun bleaching in broad patches, and the salt and dust film.
    bleach = ramp(nt, noise(nt, p, 0.09, 4, 0.55), [(0.3, (0.8, 0.79, 0.78)), (0.7, (1.12, 1.1, 1.06))])
    col = mix_rgb(nt, 1.0, col, bleach, 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, p, 3.0, 6, 0.6), [(0.3, (0.9, 0.9, 0.9)), (0.7, (1.05, 1.05, 1.04))]), 'MULTIPLY')
    stain = ramp(nt, noise(nt, p, 0.5, 6, 0.65), [(0.25, (0.62, 0.6, 0.57)), (0.48, (1, 1, 1))])
    col = mix_rgb(nt, 1.0, col, stain, 'MULTIPLY')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    # Tyre dust in soft bands along the lay-by where cars drive in and out (across the frame).
    tyre = ramp(nt, noise(nt, math_node_vec_scale(nt, p, (0.08, 1.6, 1.0)), 1.0, 4, 0.55), [(0.5, (1, 1, 1)), (0.75, (0.8, 0.79, 0.77))])
    col = mix_rgb(nt, 1.0, col, tyre, 'MULTIPLY')
    # Oil drips and gum: small dark spots, sparse.
    drip = ramp(nt, noise(nt, p, 1.6, 5, 0.65), [(0.72, (1, 1, 1)), (0.8, (0.55, 0.54, 0.53))])
    col = mix_rgb(nt, 1.0, col, drip, 'MULTIPLY')
    gum = nt.nodes.new('ShaderNodeTexVoronoi')
    gum.inputs['Scale'].default_value = 7.0
    link(nt, p, gum.inputs['Vector'])
    gsp = math_node(nt, 'MULTIPLY', ramp(nt, gum.outputs['Distance'], [(0.0, (1, 1, 1)), (0.05, (0, 0, 0))]),
                    ramp(nt, gum.outputs['Color'], [(0.8, (0, 0, 0)), (0.81, (1, 1, 1))]))
    col = mix_rgb(nt, gsp, col, (0.16, 0.16, 0.15))
    # Joints: dark grit, or pale sand where the sweepings lie.
    jsand = ramp(nt, noise(nt, p, 0.7, 3, 0.5), [(0.45, (0.09, 0.085, 0.08)), (0.65, (0.45, 0.37, 0.26))])
    col = mix_rgb(nt, joint, col, jsand)
    # Blown sand: a drift against the wall (its edge ragged) and tongues and scatters across the lay-by.
    grit = math_node(nt, 'MULTIPLY', noise(nt, p, 35, 4, 0.7), 0.35)
    drift = math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', noise(nt, p, 0.6, 6, 0.65), 2.0))
    drift = math_node(nt, 'ADD', drift, grit)
    sand = smooth_band(nt, drift, 2.9, 3.5)
    tongues = noise(nt, math_node_vec_scale(nt, p, (0.35, 1.0, 1.0)), 0.35, 6, 0.7)
    patches = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ADD', tongues, grit), 0.64, 0.72), 0.9)
    thin = math_node(nt, 'MULTIPLY', smooth_band(nt, math_node(nt, 'ADD', tongues, grit), 0.56, 0.66), 0.35)
    sand = math_node(nt, 'MAXIMUM', sand, math_node(nt, 'MAXIMUM', patches, thin))
    sandc = ramp(nt, noise(nt, p, 6.0, 4, 0.6), [(0.3, (0.48, 0.37, 0.23)), (0.7, (0.62, 0.5, 0.33))])
    sgrain = noise(nt, p, 150.0, 3, 0.7)
    sandc = mix_rgb(nt, 1.0, sandc, ramp(nt, sgrain, [(0.3, (0.78, 0.78, 0.78)), (0.7, (1.1, 1.08, 1.05))]), 'MULTIPLY')
    srip = nt.nodes.new('ShaderNodeTexWave')
    srip.inputs['Scale'].default_value = 8.0
    srip.inputs['Distortion'].default_value = 6.0
    link(nt, p, srip.inputs['Vector'])
    col = mix_rgb(nt, sand, col, sandc)
    # Height: joints sunk, each paver a few mm proud or low, sand ridged.
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', joint, -1.0), math_node(nt, 'MULTIPLY', rsep.outputs['G'], 0.35))
    h = math_node(nt, 'ADD', h, math_node(nt, 'MULTIPLY', noise(nt, p, 50, 4, 0.6), 0.25))
    h = mix_rgb(nt, sand, h, math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', srip.outputs['Fac'], 0.5), math_node(nt, 'MULTIPLY', sgrain, 0.4)))
    rough = math_node(nt, 'SUBTRACT', 0.88, math_node(nt, 'MULTIPLY', joint, -0.1))
    principled(nt, out, col, rough, 0.2, 0.0, bump(nt, h, 0.35, 0.004))
    meta['floor'] = {'gloss': 0.02, 'roughness': 0.85, 'kind': 'concrete-pavers'}
    return m


def s11d_wall_mat():
    """A low promenade wall of cast concrete, whitewashed long ago: paint chalky and flaking to the grey
    concrete in patches (more near the foot and on the arrises), splash dirt along the bottom, rust
    streaks from the reinforcement, sand in the pores. Face in the XZ plane; `tone` per segment."""
    m, nt, out = new_mat('s11d-wall')
    p = s11d_world_pos(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    conc = ramp(nt, noise(nt, p, 4.0, 6, 0.6), [(0.3, (0.25, 0.24, 0.22)), (0.7, (0.36, 0.35, 0.32))])
    paint = ramp(nt, noise(nt, p, 1.5, 4, 0.5), [(0.3, (0.66, 0.65, 0.6)), (0.7, (0.78, 0.77, 0.72))])
    tone = attr(nt, 'tone')
    paint = mix_rgb(nt, 1.0, paint, ramp(nt, tone, [(0.0, (0.88, 0.87, 0.84)), (1.0, (1.03, 1.02, 1.0))]), 'MULTIPLY')
    flake = noise(nt, p, 4.5, 12, 0.72)
    lowz = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, sep.outputs['Z'], 0.0, 0.14))
    flake = math_node(nt, 'ADD', flake, math_node(nt, 'MULTIPLY', lowz, 0.06))
    gone = smooth_band(nt, flake, 0.6, 0.62)
    # Grey dirt over the whitewash in soft clouds (hands, feet, salt spray).
    paint = mix_rgb(nt, 1.0, paint, ramp(nt, noise(nt, p, 1.2, 6, 0.65), [(0.3, (0.72, 0.71, 0.69)), (0.65, (1, 1, 1))]), 'MULTIPLY')
    col = mix_rgb(nt, gone, paint, conc)
    # Splash dirt and green-grey algae at the foot, rust streaks running down.
    foot = math_node(nt, 'MULTIPLY', lowz, ramp(nt, noise(nt, p, 3.0, 4, 0.6), [(0.3, (0.4, 0.4, 0.4)), (0.7, (1, 1, 1))]))
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', foot, 0.45), col, (0.3, 0.27, 0.2))
    streak = ramp(nt, noise(nt, math_node_vec_scale(nt, p, (6.0, 6.0, 0.25)), 1.0, 4, 0.5), [(0.66, (0, 0, 0)), (0.76, (1, 1, 1))])
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', streak, 0.45), col, (0.35, 0.2, 0.1))
    h = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', gone, -0.4), math_node(nt, 'MULTIPLY', noise(nt, p, 40, 4, 0.7), 0.5))
    principled(nt, out, col, 0.9, 0.25, 0.0, bump(nt, h, 0.3, 0.004))
    return m


def s11d_sea_height(x, y):
    """The sea surface (Aegean, light onshore breeze): small waves breaking in sections along the shore
    (a 20-30 cm spilling breaker whose crest wanders and fades along x, and the swash), a low swell."""
    import numpy as np
    def crest(y0, h, w, seed):
        d = y - y0 - 2.5 * fbm(x, 0.0 * y, 25.0, 3, seed=seed)
        amp = h * np.clip(0.6 + 0.9 * fbm(x, 0.0 * y, 18.0, 3, seed=seed + 1), 0.1, 1.3)
        return amp * np.where(d < 0, np.exp(-(d / (w * 0.45)) ** 2), np.exp(-(d / w) ** 2))
    swell = 0.07 * np.sin(y / 7.0 + 0.4 * fbm(x, y, 30.0, 2, seed=77)) + 0.04 * fbm(x, y, 12.0, 3, seed=73)
    return -0.55 + crest(37.5, 0.22, 1.8, 81) + crest(44.0, 0.2, 2.4, 83) + swell * np.clip((y - 36) / 15.0, 0, 1)


def s11d_sea_mat():
    """Shallow Aegean water seen from the promenade with the sun ahead and to the right: turquoise over
    the sand near the shore deepening to blue, wind waves and chop at their real sizes whose sun-facing
    facets carry the glitter, calmer slicks, foam in broken patches where the small breakers spill and
    lace in the swash, and airlight towards the horizon."""
    m, nt, out = new_mat('s11d-sea')
    p = s11d_world_pos(nt)
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sep.inputs[0])
    y = math_node(nt, 'ADD', sep.outputs['Y'], math_node(nt, 'MULTIPLY', noise(nt, p, 0.05, 3, 0.5), 8.0))
    shallow = ramp(nt, noise(nt, p, 0.08, 3, 0.5), [(0.3, (0.03, 0.13, 0.11)), (0.7, (0.05, 0.16, 0.13))])
    deep = mix_rgb(nt, smooth_band(nt, y, 38.0, 90.0), shallow, (0.008, 0.05, 0.065))
    # Posidonia meadows: darker patches under the water a little way out.
    weed = smooth_band(nt, noise(nt, p, 0.04, 4, 0.6), 0.55, 0.62)
    deep = mix_rgb(nt, math_node(nt, 'MULTIPLY', weed, smooth_band(nt, y, 50.0, 70.0, 150.0, 260.0)), deep, (0.006, 0.025, 0.035))
    deep = mix_rgb(nt, smooth_band(nt, y, 90.0, 600.0), deep, (0.004, 0.025, 0.05))
    swell = noise(nt, math_node_vec_scale(nt, p, (0.35, 1.0, 1.0)), 0.15, 3, 0.5, distortion=0.3)
    wind = noise(nt, math_node_vec_scale(nt, p, (0.35, 1.0, 1.0)), 0.7, 3, 0.5, distortion=0.6)
    chop = noise(nt, math_node_vec_scale(nt, p, (0.6, 1.0, 1.0)), 3.2, 3, 0.55)
    ripple = noise(nt, p, 9.0, 2, 0.5)
    chop = math_node(nt, 'ADD', chop, math_node(nt, 'MULTIPLY', ripple, 0.25))
    hgt = math_node(nt, 'ADD', math_node(nt, 'MULTIPLY', swell, 2.0), wind)
    hgt = math_node(nt, 'ADD', hgt, math_node(nt, 'MULTIPLY', chop, distance_fade(nt, 30.0, 400.0, 0.5, 0.0)))
    slick = smooth_band(nt, noise(nt, math_node_vec_scale(nt, p, (0.08, 1.0, 1.0)), 0.03, 3, 0.5), 0.53, 0.6)
    rough = mix_rgb(nt, slick, (0.12, 0.12, 0.12), (0.06, 0.06, 0.06))
    strength = mix_rgb(nt, slick, (1.0, 1.0, 1.0), (0.5, 0.5, 0.5))
    bmp = nt.nodes.new('ShaderNodeBump')
    link(nt, hgt, bmp.inputs['Height'])
    link(nt, strength, bmp.inputs['Strength'])
    bmp.inputs['Distance'].default_value = 0.1
    # Foam: where the breakers' crests stand up, broken into sections, and lace in the swash.
    lace = noise(nt, math_node_vec_scale(nt, p, (1.0, 2.2, 1.0)), 1.1, 6, 0.6, distortion=0.8)
    z = math_node(nt, 'ADD', sep.outputs['Z'], math_node(nt, 'MULTIPLY', math_node(nt, 'SUBTRACT', lace, 0.5), 0.3))
    crest = smooth_band(nt, z, -0.42, -0.33)
    crest = math_node(nt, 'MULTIPLY', crest, smooth_band(nt, noise(nt, math_node_vec_scale(nt, p, (1.0, 3.0, 1.0)), 0.09, 4, 0.6), 0.4, 0.55))
    swash = smooth_band(nt, y, 32.8, 33.6, 34.6, 36.5)
    foam = math_node(nt, 'MAXIMUM', crest, math_node(nt, 'MULTIPLY', swash, ramp(nt, lace, [(0.42, (0, 0, 0)), (0.62, (1, 1, 1))])))
    foam = math_node(nt, 'MULTIPLY', foam, math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, y, 55.0, 70.0)))
    # A few whitecaps further out.
    wc = noise(nt, math_node_vec_scale(nt, p, (0.5, 1.0, 1.0)), 1.1, 6, 0.6)
    whitecap = math_node(nt, 'MULTIPLY', smooth_band(nt, wc, 0.76, 0.82), smooth_band(nt, noise(nt, p, 0.05, 3, 0.5), 0.58, 0.66))
    foam = math_node(nt, 'MAXIMUM', foam, math_node(nt, 'MULTIPLY', whitecap, smooth_band(nt, y, 80.0, 120.0)))
    water_ = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, deep, water_.inputs['Base Color'])
    link(nt, rough, water_.inputs['Roughness'])
    water_.inputs['IOR'].default_value = 1.33
    link(nt, bmp.outputs[0], water_.inputs['Normal'])
    froth = nt.nodes.new('ShaderNodeBsdfPrincipled')
    link(nt, ramp(nt, lace, [(0.3, (0.62, 0.66, 0.66)), (0.8, (0.82, 0.84, 0.83))]), froth.inputs['Base Color'])
    froth.inputs['Roughness'].default_value = 0.7
    link(nt, bump(nt, lace, 0.4, 0.05), froth.inputs['Normal'])
    mx = nt.nodes.new('ShaderNodeMixShader')
    link(nt, foam, mx.inputs[0])
    link(nt, water_.outputs[0], mx.inputs[1])
    link(nt, froth.outputs[0], mx.inputs[2])
    link(nt, mx.outputs[0], out.inputs['Surface'])
    return m


def s11d_rot(pts, tilt, yaw, origin):
    """Points (n, 3) in an object's frame, tilted by `tilt` = (about x, about y) radians, turned by yaw about
    z, moved to origin."""
    import numpy as np
    ax, ay = tilt
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rz = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1]])
    return (np.asarray(pts, float) @ (rz @ ry @ rx).T) + np.asarray(origin, float)


def s11d_parasol(soup, rng, x, y, z, kind, cloth, pole):
    """A beach parasol, each one its own: fabric (`kind` 'fabric': 8-10 panels in alternating cloths,
    sagging between the ribs, a valance), thatched straw ('straw': a shaggy ragged rim, shorter and
    squatter) or furled ('closed': a slim spindle); tilted off the vertical at its own angle, its own
    height and size, its own fade (`tone`)."""
    import numpy as np
    h = rng.uniform(2.05, 2.5)
    tilt = (rng.normal(0, 0.06), rng.normal(0, 0.06))
    yaw = rng.uniform(0, 2 * np.pi)
    tone = rng.random()
    pts = lambda q: s11d_rot(q, tilt, yaw, (x, y, z))
    tube(soup, pts(np.array([[0, 0, -0.35], [0, 0, h + 0.08]])), np.array([0.022, 0.02]), pole, sides=6)
    if kind == 'closed':
        a = np.linspace(0, 2 * np.pi, 9)
        for i in range(8):
            q = np.array([[0, 0, h + 0.05], [0.09 * np.cos(a[i]), 0.09 * np.sin(a[i]), h - 0.55],
                          [0.09 * np.cos(a[i + 1]), 0.09 * np.sin(a[i + 1]), h - 0.55]])
            soup.add([pts(q)], cloth[i % len(cloth)], tone=tone)
            q2 = np.array([[0.09 * np.cos(a[i]), 0.09 * np.sin(a[i]), h - 0.55], [0.02 * np.cos(a[i]), 0.02 * np.sin(a[i]), h - 1.1],
                           [0.02 * np.cos(a[i + 1]), 0.02 * np.sin(a[i + 1]), h - 1.1],
                           [0.09 * np.cos(a[i + 1]), 0.09 * np.sin(a[i + 1]), h - 0.55]])
            soup.quads([pts(q2)], cloth[i % len(cloth)], tone=tone)
        return
    if kind == 'straw':
        r = rng.uniform(1.0, 1.35)
        n = 40
        a = np.linspace(0, 2 * np.pi, n + 1)
        rr = r * (1 + rng.normal(0, 0.05, n + 1))
        rr[-1] = rr[0]
        drop = rng.uniform(0.45, 0.6) + rng.normal(0, 0.06, n + 1)
        drop[-1] = drop[0]
        top = np.array([0, 0, h + 0.15])
        rim = np.stack([rr * np.cos(a), rr * np.sin(a), h - drop], -1)
        for i in range(n):
            soup.add([pts(np.array([top, rim[i], rim[i + 1]]))], cloth[0], tone=tone)
            # Straw ends hanging below the rim in ragged tufts.
            ln = rng.uniform(0.05, 0.18)
            soup.quads([pts(np.array([rim[i], rim[i + 1], rim[i + 1] * [1.02, 1.02, 1] - [0, 0, ln],
                                      rim[i] * [1.02, 1.02, 1] - [0, 0, ln * rng.uniform(0.6, 1.2)]]))], cloth[0], tone=tone)
        return
    ribs = int(rng.choice([8, 8, 10]))
    r = rng.uniform(0.95, 1.3)
    a = np.linspace(0, 2 * np.pi, ribs + 1) + rng.uniform(0, 1)
    top = np.array([0, 0, h])
    for i in range(ribs):
        k = cloth[i % len(cloth)]
        a0, a1 = a[i], a[i + 1]
        am = 0.5 * (a0 + a1)
        p0 = np.array([r * np.cos(a0), r * np.sin(a0), h - 0.36])
        p1 = np.array([r * np.cos(a1), r * np.sin(a1), h - 0.36])
        pm = np.array([r * 0.93 * np.cos(am), r * 0.93 * np.sin(am), h - 0.42])  # cloth sags between ribs
        q0 = np.array([r * 0.5 * np.cos(a0), r * 0.5 * np.sin(a0), h - 0.13])
        q1 = np.array([r * 0.5 * np.cos(a1), r * 0.5 * np.sin(a1), h - 0.13])
        qm = np.array([r * 0.47 * np.cos(am), r * 0.47 * np.sin(am), h - 0.17])
        soup.add([pts(np.array([top, q0, qm])), pts(np.array([top, qm, q1]))], k, tone=tone)
        soup.quads([pts(np.array([q0, p0, pm, qm])), pts(np.array([qm, pm, p1, q1]))], k, tone=tone)
        # Valance: a short skirt hanging from the rim.
        v = 0.12
        soup.quads([pts(np.array([p0, pm, pm - [0, 0, v], p0 - [0, 0, v]])), pts(np.array([pm, p1, p1 - [0, 0, v], pm - [0, 0, v]]))],
                   k, tone=tone)


def s11d_lounger(soup, rng, x, y, z, yaw, frame, cushion, towel):
    """A sun lounger: a white plastic or timber frame on four legs, the back raised at its own angle (some
    flat), a cushion on some and a towel thrown over others."""
    import numpy as np
    L, W = 1.9, 0.62
    back = rng.choice([0.0, 0.35, 0.6, 0.9])
    lz = 0.32
    pts = lambda q: s11d_rot(q, (0.0, 0.0), yaw, (x, y, z))
    seat = np.array([[-W / 2, -L / 2, lz], [W / 2, -L / 2, lz], [W / 2, L * 0.18, lz], [-W / 2, L * 0.18, lz]])
    bl = L * 0.32
    bk = np.array([[-W / 2, L * 0.18, lz], [W / 2, L * 0.18, lz], [W / 2, L * 0.18 + bl * math.cos(back), lz + bl * math.sin(back)],
                   [-W / 2, L * 0.18 + bl * math.cos(back), lz + bl * math.sin(back)]])
    for q in (seat, bk):
        soup.quads([pts(q)], frame)
        soup.quads([pts(q - [0, 0, 0.04])], frame)
    for sx in (-1, 1):
        soup.quads([pts(np.array([[sx * W / 2, -L / 2, lz - 0.06], [sx * W / 2, L * 0.18, lz - 0.06], [sx * W / 2, L * 0.18, lz],
                                  [sx * W / 2, -L / 2, lz]]))], frame)
        for yy in (-L / 2 + 0.08, L * 0.15):
            tube(soup, pts(np.array([[sx * (W / 2 - 0.04), yy, -0.05], [sx * (W / 2 - 0.04), yy, lz]])), np.array([0.018, 0.018]), frame, sides=4)
    r = rng.random()
    if r < 0.45:
        c = seat + [0, 0, 0.06]
        soup.quads([pts(c)], cushion)
        soup.quads([pts(bk + [0, 0.02, 0.06])], cushion)
    elif r < 0.75:
        t = seat.copy()
        t[:, 0] *= 0.85
        t[0, 1] += rng.uniform(0, 0.6)
        t[1, 1] += rng.uniform(0, 0.6)
        soup.quads([pts(t + [0, 0, 0.01])], towel, tone=rng.random())
        # The towel's end hanging over the side.
        soup.quads([pts(np.array([t[1] + [0, 0, 0.01], t[2] + [0, 0, 0.01], t[2] + [0.02, 0, -0.25], t[1] + [0.02, 0, -0.2]]))], towel,
                   tone=rng.random())


def s11d_cloth_mat(name, colors, rough=0.85):
    """Sun-faded fabric: the face attribute `tone` picks between a fresher and a more faded colour of
    `colors` (list of RGB), a fine weave grain, and dirt."""
    m, nt, out = new_mat(name)
    c = coord(nt)
    t = attr(nt, 'tone')
    stops = [(i / max(1, len(colors) - 1), col) for i, col in enumerate(colors)]
    col = ramp(nt, t, stops)
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, c, 6.0, 4, 0.6), [(0.3, (0.88, 0.88, 0.87)), (0.7, (1.04, 1.04, 1.03))]), 'MULTIPLY')
    principled(nt, out, col, rough, 0.3, 0.0, bump(nt, noise(nt, c, 60, 3, 0.6), 0.15, 0.004))
    return m


def s11d_beach_debris(rng, y0, y1, n, ground):
    """What a public beach gathers: dark dried posidonia (sea grass) balls and mats along the strand line,
    pale shells and pebbles, a few plastic bottles, cans and cups, a flip-flop, cigarette ends."""
    import numpy as np
    soup = Soup()
    mats = [simple_mat('s11d-posidonia', (0.06, 0.045, 0.03), 0.95, grain=0.4, grain_scale=12),
            simple_mat('s11d-shell', (0.6, 0.58, 0.52), 0.7, grain=0.2),
            simple_mat('s11d-plastic', (0.5, 0.55, 0.56), 0.25, grain=0.1),
            simple_mat('s11d-can', (0.5, 0.08, 0.06), 0.3, metallic=0.6),
            simple_mat('s11d-flipflop', (0.05, 0.15, 0.35), 0.6)]
    for _ in range(n):
        x = rng.uniform(-28, 28)
        strand = rng.random() < 0.55
        y = rng.normal(32.4, 0.5) if strand else rng.uniform(y0, y1)
        z = float(ground(np.array([x]), np.array([y]))[0])
        k = 0 if strand and rng.random() < 0.8 else int(rng.choice([1, 1, 1, 2, 3, 4, 1]))
        s = rng.uniform(0.04, 0.18) if k == 0 else rng.uniform(0.03, 0.12)
        if k == 0 and rng.random() < 0.3:
            s = rng.uniform(0.3, 0.8)  # a mat of dried leaves
        yaw = rng.uniform(0, 2 * np.pi)
        hz = 0.02 if k != 0 else s * 0.25
        q = np.array([[-s, -s * 0.6, hz], [s, -s * 0.6, hz], [s, s * 0.6, hz], [-s, s * 0.6, hz]])
        q[:, :2] *= rng.uniform(0.7, 1.2, (4, 1))
        soup.quads([s11d_rot(q, (rng.normal(0, 0.2), rng.normal(0, 0.2)), yaw, (x, y, z))], k)
        for e in range(4):
            a, b = q[e], q[(e + 1) % 4]
            soup.quads([s11d_rot(np.array([a, b, b * [1.1, 1.1, 0] - [0, 0, 0.02], a * [1.1, 1.1, 0] - [0, 0, 0.02]]),
                                 (0.0, 0.0), yaw, (x, y, z))], k)
    me = soup.mesh('s11d-debris', mats)
    o = bpy.data.objects.new('s11d-debris', me)
    sc.collection.objects.link(o)


def s11d_sand(x, y):
    """The beach below the promenade wall (metres, the car at 0): 40 cm down, sand banked against the
    wall, a trampled upper beach, then a flatter wet foreshore to the water's edge at about 33 m."""
    import numpy as np
    t = np.clip((y - 4.0) / 28.0, 0, None)
    z = -0.25 + 0.15 * np.exp(-np.clip(y - 3.7, 0, None) / 0.8) - 0.45 * t ** 0.9 - 0.6 * np.clip(y - 33.0, 0, None) / 10.0
    return z + 0.08 * fbm(x, y, 6.0, 4, seed=71) * np.exp(-np.clip(y - 6, 0, None) / 18.0) + 0.02 * fbm(x, y, 1.2, 3, seed=72)


def s11d_sand_mat():
    """Session 11 beach sand: warm dry sand, trampled zones (darker, pocked with footprints whose walls
    catch the low sun) between smoother wind-rippled stretches, a salt-and-pepper grain of darker and paler
    grains, shell grit, and darker glossy wet sand along the foreshore (by height)."""
    m, nt, out = new_mat('s11d-sand')
    p = s11d_world_pos(nt)
    base = (0.58, 0.46, 0.3)
    col = ramp(nt, noise(nt, p, 0.15, 4, 0.5), [(0.3, tuple(v * 0.88 for v in base)), (0.7, tuple(v * 1.07 for v in base))])
    trampled = smooth_band(nt, noise(nt, p, 0.18, 4, 0.6), 0.4, 0.58)
    steps = nt.nodes.new('ShaderNodeTexVoronoi')
    steps.inputs['Scale'].default_value = 3.4
    steps.inputs['Randomness'].default_value = 1.0
    link(nt, math_node_vec_scale(nt, p, (1.0, 1.7, 1.0)), steps.inputs['Vector'])
    dimple = ramp(nt, steps.outputs['Distance'], [(0.0, (0, 0, 0)), (0.28, (1, 1, 1))])
    rip = nt.nodes.new('ShaderNodeTexWave')
    rip.inputs['Scale'].default_value = 9.0
    rip.inputs['Distortion'].default_value = 7.0
    rip.inputs['Detail Scale'].default_value = 1.5
    link(nt, p, rip.inputs['Vector'])
    h = mix_rgb(nt, trampled, math_node(nt, 'MULTIPLY', rip.outputs['Fac'], 0.5), dimple)
    grain = noise(nt, p, 160.0, 3, 0.7)
    h = math_node(nt, 'ADD', h, math_node(nt, 'MULTIPLY', grain, 0.15))
    col = mix_rgb(nt, trampled, col, mix_rgb(nt, 1.0, col, ramp(nt, dimple, [(0.0, (0.72, 0.7, 0.68)), (0.7, (0.95, 0.95, 0.94))]), 'MULTIPLY'))
    col = mix_rgb(nt, 1.0, col, ramp(nt, grain, [(0.3, (0.8, 0.8, 0.8)), (0.7, (1.08, 1.07, 1.05))]), 'MULTIPLY')
    col = mix_rgb(nt, 1.0, col, ramp(nt, noise(nt, p, 1.2, 4, 0.6), [(0.3, (0.88, 0.88, 0.88)), (0.7, (1.05, 1.04, 1.02))]), 'MULTIPLY')
    sz = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, p, sz.inputs[0])
    wet = math_node(nt, 'SUBTRACT', 1.0, smooth_band(nt, math_node(nt, 'ADD', sz.outputs['Z'], math_node(
        nt, 'MULTIPLY', noise(nt, p, 0.4, 3, 0.5), 0.1)), -0.72, -0.6))
    col = mix_rgb(nt, wet, col, (0.28, 0.22, 0.15))
    rough = math_node(nt, 'SUBTRACT', 0.92, math_node(nt, 'MULTIPLY', wet, 0.6))
    principled(nt, out, col, rough, 0.08, 0.0, bump(nt, h, 0.45, 0.02))
    return m


def s_beach():
    """A Turkish beach promenade (session 11; session 9 built a lay-by that reviewers called a "painted
    beach"): the car on sun-bleached concrete pavers with blown sand, a low flaking whitewashed wall across
    the frame with its coping stones, then the public beach below (trampled sand, a strand line of dried
    sea grass, litter), parasols and loungers of the beach clubs varied in kind, colour, size and tilt,
    some closed, a lifeguard tower; the sea with small breakers spilling in sections, sun glitter on wind
    waves, turquoise shallows deepening to blue, hazy horizon and a headland; fair-weather cumulus. The sun
    is ahead and to the right, mid-afternoon."""
    import numpy as np
    rng = np.random.default_rng(1111)
    sun_el, sun_az = 30.0, 40.0
    sun_col = (1.0, 0.95, 0.88)
    cr10_sky(sun_el, sun_az, cover=0.42, scale=1.2, seed=17.0, squash=0.3)
    sun_light(sun_el, sun_az, 4.2, sun_col, angle_deg=0.55)
    key(sun_az, sun_el, 0.15, sun_col)
    plane(400, 60, (0, 3.6 - 30.0, 0.0), s11d_paving_mat())
    # The wall: cast segments of 2.5-4 m with joints, each a little out of line and of its own height, a
    # coping of precast caps on top; a gap with steps down to the beach at the left.
    wm = s11d_wall_mat()
    cop = cr10_stone_mat()
    ws, cs = Soup(), Soup()
    x = -70.0
    while x < 70:
        ln = rng.uniform(2.5, 4.0)
        if -9.6 < x + ln / 2 < -7.8:
            x += ln
            continue
        hh = 0.33 + rng.normal(0, 0.012)
        cr10_box(ws, (ln - 0.015, 0.26, hh + 0.45), (x + ln / 2, 3.75 + rng.normal(0, 0.01), hh / 2 - 0.22),
                 rot_z=rng.normal(0, 0.004), tone=rng.random())
        xc = x
        while xc < x + ln - 0.2:
            lc = min(rng.uniform(0.8, 1.1), x + ln - xc)
            cr10_box(cs, (lc - 0.012, 0.34, 0.07 + rng.normal(0, 0.004)), (xc + lc / 2, 3.75 + rng.normal(0, 0.01), hh + 0.035),
                     rot_z=rng.normal(0, 0.006), rot_x=rng.normal(0, 0.012), blk=rng.random())
            xc += lc
        x += ln
    # The steps in the gap, down to the sand.
    for i, zz in enumerate((-0.12,)):
        cr10_box(cs, (1.7, 0.32, 0.15), (-8.7, 3.75, zz), blk=rng.random())
    for o_, m_, nm in ((ws, wm, 's11d-wall'), (cs, cop, 's11d-coping')):
        me = o_.mesh(nm, [m_])
        ob = bpy.data.objects.new(nm, me)
        sc.collection.objects.link(ob)
    # Weeds and sand at the foot of the wall on the promenade side.
    weed = leaf2_mat('s11d-weed', (0.07, 0.07, 0.03), (0.26, 0.23, 0.12), translucent=0.25)
    spots = [(rng.uniform(-14, 14), 3.6, 0.0, rng.uniform(0.04, 0.15)) for _ in range(14)]
    cr10_weeds(spots, weed, rng, name='s11d-weeds')
    terrain(3.6, 60.0, s11d_sand, s11d_sand_mat(), rows=300, cols=300, name='beach', y_power=1.5, margin=25)
    sea_m = s11d_sea_mat()
    shore = maquis_mat()
    for m_, dist in ((sea_m, 7000.0), (shore, 3500.0)):
        nt_ = m_.node_tree
        out_ = next(n for n in nt_.nodes if n.type == 'OUTPUT_MATERIAL')
        nd_haze(nt_, out_, out_.inputs['Surface'].links[0].from_socket, (0.66, 0.72, 0.78), dist)
    terrain(30.0, 400.0, s11d_sea_height, sea_m, rows=420, cols=360, name='sea-near', y_power=2.2, margin=30)
    plane(12000, 16000, (0, 400.0 + 8000, -0.55), sea_m)
    terrain(600, 6000, bch_far, shore, rows=200, cols=300, name='headland', y_power=1.5, margin=100)
    # Beach furniture: parasols of three beach clubs (faded blue-white, faded orange, straw) in loose rows,
    # loungers under them at their own angles, some parasols furled.
    cloth = [s11d_cloth_mat('s11d-cloth-white', [(0.78, 0.77, 0.72), (0.68, 0.66, 0.6)]),
             s11d_cloth_mat('s11d-cloth-blue', [(0.05, 0.17, 0.38), (0.16, 0.28, 0.42)]),
             s11d_cloth_mat('s11d-cloth-orange', [(0.6, 0.2, 0.05), (0.55, 0.32, 0.18)]),
             s11d_cloth_mat('s11d-straw', [(0.24, 0.2, 0.14), (0.38, 0.33, 0.25)], rough=0.95),
             simple_mat('s11d-pole', (0.5, 0.5, 0.48), 0.35, metallic=0.7),
             simple_mat('s11d-timber', (0.26, 0.18, 0.11), 0.8, grain=0.3, grain_scale=8),
             s11d_cloth_mat('s11d-lounger', [(0.72, 0.71, 0.67), (0.58, 0.57, 0.53)], rough=0.5),
             s11d_cloth_mat('s11d-cushion', [(0.05, 0.16, 0.3), (0.55, 0.54, 0.5)], rough=0.9),
             s11d_cloth_mat('s11d-towel', [(0.7, 0.1, 0.1), (0.85, 0.7, 0.2), (0.1, 0.4, 0.5), (0.75, 0.74, 0.7), (0.2, 0.5, 0.2)],
                            rough=0.95),
             simple_mat('tower-red', (0.5, 0.05, 0.03), 0.6)]
    soup = Soup()
    for row, yy in enumerate((15.5, 20.5, 25.0)):
        xx = -34.0 + rng.uniform(0, 2)
        while xx < 34:
            club = 0 if xx < -3.5 else (1 if xx < 3.5 else 2)
            px, py = xx + rng.normal(0, 0.35), yy + rng.normal(0, 0.5)
            pz = float(s11d_sand(np.array([px]), np.array([py]))[0])
            if row == 2 and rng.random() < 0.5:
                xx += rng.uniform(3.5, 6.0)
                continue
            kind = 'straw' if club == 2 else ('closed' if rng.random() < 0.22 else 'fabric')
            cl = [0, 1] if club == 0 else ([2, 2, 0] if rng.random() < 0.5 else [2])
            if kind == 'straw':
                cl = [3]
            s11d_parasol(soup, rng, px, py, pz, kind, cl, 4 if kind != 'straw' else 5)
            for s in (-0.7, 0.7):
                if rng.random() < 0.2:
                    continue
                yaw = rng.normal(0, 0.25) + (math.pi if rng.random() < 0.15 else 0.0)
                ly = py + rng.normal(-0.2, 0.3)
                lx = px + s + rng.normal(0, 0.12)
                lz = float(s11d_sand(np.array([lx]), np.array([ly]))[0])
                s11d_lounger(soup, rng, lx, ly, lz, yaw, 6 if club != 2 else 5, 7, 8)
            xx += rng.uniform(3.6, 5.2)
    tx, ty = 15.5, 29.0
    tz = float(s11d_sand(np.array([tx]), np.array([ty]))[0])
    for dx in (-0.8, 0.8):
        for dy in (-0.8, 0.8):
            tube(soup, np.array([[tx + dx, ty + dy, tz - 0.3], [tx + dx * 0.8, ty + dy * 0.8, tz + 2.2]]), np.array([0.06, 0.06]), 5, sides=5)
    for k in range(5):
        zz = tz + 0.3 + k * 0.42
        soup.quads([[[tx - 0.45, ty - 1.3 - k * 0.0, zz], [tx + 0.45, ty - 1.3, zz], [tx + 0.45, ty - 1.3 + 0.2, zz],
                     [tx - 0.45, ty - 1.3 + 0.2, zz]]], 5)
    hut = Batch(cloth[5], 'lifeguard-tower')
    hut.box((1.9, 1.9, 0.12), (tx, ty, tz + 2.28))
    hut.box((2.2, 2.1, 0.08), (tx, ty - 0.05, tz + 3.45), rot_x=0.04)
    for dx in (-0.9, 0.9):
        hut.box((0.06, 0.06, 0.8), (tx + dx, ty - 0.9, tz + 2.75))
    hut.box((1.85, 0.05, 0.06), (tx, ty - 0.9, tz + 3.0))
    hut.done()
    box((1.6, 1.4, 1.05), (tx, ty + 0.1, tz + 2.88), cloth[9], bevel=0.02)
    tube(soup, np.array([[tx + 1.0, ty, tz + 3.5], [tx + 1.0, ty, tz + 5.5]]), np.array([0.025, 0.02]), 4, sides=5)
    me = soup.mesh('s11d-beach-kit', cloth)
    o = bpy.data.objects.new('s11d-beach-kit', me)
    sc.collection.objects.link(o)
    s11d_beach_debris(rng, 6.0, 31.0, 260, s11d_sand)
    # Promenade lamp posts on the wall's line (painted steel, chipped, each leaning a hair) and a litter bin.
    post_m = cr10_rail_mat()
    ps = Soup()
    for lx in (-4.5,):
        lean = (rng.normal(0, 0.01), rng.normal(0, 0.01))
        pp = lambda q: s11d_rot(q, lean, 0.0, (lx, 3.75, 0.42))
        tube(ps, pp(np.array([[0, 0, -0.05], [0, 0, 0.5], [0, 0, 3.0]])), np.array([0.09, 0.065, 0.05]), 0, sides=12)
        tube(ps, pp(np.array([[0, 0, 2.9], [0.25, 0, 3.12], [0.62, 0, 3.17]])), np.array([0.03, 0.03, 0.025]), 0, sides=8)
        cr10_box(ps, (0.42, 0.24, 0.1), tuple(pp(np.array([[0.72, 0, 3.15]]))[0]), 0)
        cr10_box(ps, (0.34, 0.18, 0.03), tuple(pp(np.array([[0.72, 0, 3.09]]))[0]), 0)
        cr10_box(ps, (0.26, 0.26, 0.03), tuple(pp(np.array([[0, 0, -0.03]]))[0]), 0)
    me = ps.mesh('s11d-lamps', [post_m], smooth=True)
    ob = bpy.data.objects.new('s11d-lamps', me)
    sc.collection.objects.link(ob)
    bin_m = simple_mat('s11d-bin', (0.03, 0.1, 0.06), 0.5, grain=0.3, grain_scale=6)
    cylinder(0.2, 0.7, (-3.6, 3.35, 0.35), bin_m, verts=20)
    cylinder(0.215, 0.05, (-3.6, 3.35, 0.7), bin_m, verts=20)
    camera(focal=50.0, fstop=5.6, pitch_deg=-1.5, distance=10.0)
    sc.camera.data.clip_end = 20000
    render_settings(exposure=-1.1, look='Medium High Contrast', glare=0.3, adaptive=0.01)
    return {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}


# ---- rainy drive (session 9): helpers used only by s_rainy_drive

def rain_asphalt_mat():
    """Asphalt in steady rain: a dark water film everywhere (rough enough that reflections are soft
    smears, not a mirror), shallow puddles in the low spots (smoother, darker, the aggregate drowned) with
    soft edges, rain-stippled so even they do not mirror; repair patches and tar-sealed cracks as on a dry
    street. Records the floor as wet asphalt with modest gloss."""
    m, nt, out = new_mat('rain-asphalt')
    c = coord(nt)
    base = (0.055, 0.055, 0.058)
    col = ramp(nt, noise(nt, c, 0.12, 4, 0.5), [(0.3, tuple(v * 0.88 for v in base)), (0.7, tuple(v * 1.12 for v in base))])
    col, _, _ = asphalt_repairs(nt, c, col, (0.8, (1.2, 1.2, 1.18)), (0.015, 0.015, 0.015))
    # Puddles: low spots of a slow noise, the edge a soft 10-20 cm.
    low = math_node(nt, 'ADD', noise(nt, c, 0.22, 5, 0.6), math_node(nt, 'MULTIPLY', noise(nt, c, 2.0, 3, 0.5), 0.08))
    pud = smooth_band(nt, low, 0.6, 0.66)
    col = mix_rgb(nt, math_node(nt, 'MULTIPLY', pud, 0.6), col, tuple(v * 0.55 for v in base))
    rough = math_node(nt, 'SUBTRACT', 0.36, math_node(nt, 'MULTIPLY', pud, 0.28))
    rough = math_node(nt, 'ADD', rough, math_node(nt, 'MULTIPLY', noise(nt, c, 1.5, 3, 0.5), 0.08))
    agg = nt.nodes.new('ShaderNodeTexVoronoi')
    agg.inputs['Scale'].default_value = 70
    link(nt, c, agg.inputs['Vector'])
    # In the puddles only a slow stir of the water (rain rings are sub-pixel from the camera: drawn as bump
    # they sparkle as noise in the reflection).
    drops = noise(nt, c, 4.0, 2, 0.5)
    h = mix_rgb(nt, pud, agg.outputs['Distance'], math_node(nt, 'MULTIPLY', drops, 0.15))
    principled(nt, out, col, rough, 0.5, 0.0, bump(nt, h, 0.12, 0.006))
    meta['floor'] = {'gloss': 0.25, 'roughness': 0.3, 'kind': 'wet-asphalt'}
    return m


def wetted(mat, rough=0.3, darken=0.75):
    """A material under a film of rain water: its principled BSDF smoother (a soft sheen) and its colour
    darker (water fills the pores)."""
    nt = mat.node_tree
    for n in nt.nodes:
        if n.type == 'BSDF_PRINCIPLED':
            if not n.inputs['Roughness'].is_linked:
                n.inputs['Roughness'].default_value = rough
            src = n.inputs['Base Color'].links[0].from_socket if n.inputs['Base Color'].is_linked else None
            if src is not None:
                link(nt, mix_rgb(nt, 1.0, src, (darken, darken, darken), 'MULTIPLY'), n.inputs['Base Color'])
    return mat


def rd_shelter(x, y, frame, glass, roof, bench, panel):
    """A city bus shelter on the pavement: a steel frame, a back and one end in glass, a roof slab, a
    perforated bench, a backlit advertising panel at the end."""
    w, d, h = 4.2, 1.5, 2.5
    for px in (x - w / 2, x, x + w / 2):
        for py in (y, y + d):
            box((0.07, 0.07, h), (px, py, 0.15 + h / 2), frame, bevel=0.005)
    box((w + 0.4, d + 0.5, 0.1), (x, y + d / 2 - 0.1, 0.15 + h + 0.05), roof, bevel=0.01)
    box((w, 0.02, h - 0.3), (x, y + d, 0.15 + (h - 0.3) / 2 + 0.15), glass, bevel=0)
    box((0.02, d - 0.1, h - 0.3), (x - w / 2, y + d / 2, 0.15 + (h - 0.3) / 2 + 0.15), glass, bevel=0)
    box((1.25, 0.12, 1.85), (x + w / 2 + 0.05, y + d / 2, 0.15 + 1.25), frame, bevel=0.01)
    box((1.12, 0.13, 1.7), (x + w / 2 + 0.05, y + d / 2, 0.15 + 1.25), panel, bevel=0)
    box((2.6, 0.4, 0.04), (x - 0.4, y + d - 0.3, 0.15 + 0.46), bench, bevel=0.005)
    for bx in (-1.5, 0.7):
        box((0.04, 0.3, 0.46), (x + bx, y + d - 0.3, 0.15 + 0.23), frame, bevel=0)


def s_rainy_drive():
    """A city street in steady rain (session 9; was a grid of identical windows on a flat facade over a
    mirror floor): the car on wet asphalt with soft reflections and puddles, a granite kerb and a paver
    pavement dark with water, a bus shelter and street trees, Turkish apartment blocks behind, grey in the
    rain haze; an overcast sky, the street lamps off. Shot as the city street is: 38 mm at 7 m, 1.3 m, f/4."""
    extra = {'night': False, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    sky_clouds((0.6, 0.62, 0.64), (0.42, 0.45, 0.49), cloud=0.14, scale=1.0, strength=1.2)
    key(20, 75, 1.0, (0.86, 0.9, 0.96))
    plane(6000, 6000, (0, 0, 0), rain_asphalt_mat())
    kerb_y = 2.4
    kerb_stones(kerb_y, wetted(granite_mat('rd-kerb', (0.26, 0.26, 0.265)), 0.3), (0.9, 1.2), 0.25, 0.15, 0.005)
    plane(80, 3.6, (0, kerb_y + 0.25 + 1.8, 0.15), wetted(brick_mat('rd-pavers', (0.3, 0.29, 0.27), (0.16, 0.155, 0.15), (0.2, 0.1), 0.005,
                                                                    ground=True), 0.32))
    wall_y = kerb_y + 3.85
    render = plaster_mat('rd-wall', (0.5, 0.48, 0.44), 0.85, streaks=True)
    coping = plaster_mat('rd-coping', (0.36, 0.35, 0.33), 0.7, streaks=False)
    box((80, 0.25, 0.55), (0, wall_y + 0.125, 0.15 + 0.275), render, bevel=0.005)
    box((80, 0.32, 0.06), (0, wall_y + 0.125, 0.15 + 0.58), coping, bevel=0.008)
    plane(80, 8.0, (0, wall_y + 4.2, 0.2), floor_material('grass', (0.035, 0.05, 0.02)))
    leaf = leaf2_mat('rd-leaf', (0.025, 0.045, 0.018), (0.08, 0.12, 0.04), translucent=0.25)
    bark = bark2_mat('rd-bark', (0.04, 0.035, 0.03))
    put(broadleaf_mesh(31, 6.0, 3.0, name='rd-tree', mats=[leaf, bark], leaves=0.8), (-3.0, kerb_y + 1.0, 0.15))
    put(broadleaf_mesh(12, 7.5, 3.2, name='rd-tree2', mats=[leaf, bark], leaves=0.75), (8.6, kerb_y + 1.2, 0.15))
    put(broadleaf_mesh(44, 9.0, 4.0, name='rd-tree3', mats=[leaf, bark], leaves=0.8), (-18.0, kerb_y + 1.2, 0.15))
    steel = simple_mat('rd-steel', (0.16, 0.17, 0.18), 0.35, metallic=0.8, grain=0.05)
    rd_shelter(4.6, kerb_y + 1.3, steel, glass_mat('rd-glass', (0.8, 0.85, 0.86), 0.05),
               simple_mat('rd-roof', (0.3, 0.31, 0.32), 0.4, metallic=0.6), steel,
               no_light_sampling(emission_mat('rd-panel', (0.85, 0.88, 0.9), 2.2)))
    pole = simple_mat('rd-pole', (0.2, 0.21, 0.22), 0.4, metallic=0.7)
    for lx in (-5.2, 16.0):
        cylinder(0.08, 8.0, (lx, kerb_y + 0.5, 4.0), pole, verts=16)
        box((0.07, 1.5, 0.07), (lx, kerb_y - 0.2, 8.0), pole, bevel=0.01)
        box((0.28, 0.6, 0.12), (lx, kerb_y - 0.9, 7.95), pole, bevel=0.03)
    tr_apartment(-26.0, -3.0, wall_y + 6.0, 5, (0.72, 0.68, 0.6), (0.46, 0.3, 0.24), 'rd-a')
    tr_apartment(1.0, 24.0, wall_y + 9.0, 7, (0.66, 0.68, 0.7), (0.32, 0.36, 0.44), 'rd-b')
    tr_apartment(-40.0, -28.0, wall_y + 14.0, 6, (0.78, 0.74, 0.66), (0.5, 0.42, 0.3), 'rd-c')
    camera(focal=38.0, fstop=2.8, pitch_deg=0.0, height=1.3, distance=7.0)
    render_settings(exposure=0.2, mist={'start': 3, 'depth': 55, 'color': (0.5, 0.52, 0.55)}, adaptive=0.01)
    return extra


# ---- spotlight night (session 9): an industrial yard under one floodlight

def s11b_window_lit_mat():
    """A high warehouse window lit from inside: not a flat fill but a warm light that is brighter at the
    top (strip lights), interrupted by a mullion grid and dirt on the glass."""
    m, nt, out = new_mat('s11b-window-lit')
    c = coord(nt, 'Object')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    link(nt, coord(nt, 'Generated'), sep.inputs[0])  # 0-1 over each window (box bakes its place in)
    mull = math_node(nt, 'LESS_THAN', math_node(nt, 'ABSOLUTE', math_node(nt, 'SUBTRACT', math_node(nt, 'FRACT', math_node(nt, 'MULTIPLY', sep.outputs['X'], 4.0)), 0.5)), 0.46)
    grad = ramp(nt, sep.outputs['Z'], [(0.0, (0.35, 0.35, 0.35)), (1.0, (1.0, 1.0, 1.0))])
    dirt = ramp(nt, noise(nt, c, 3.0, 5, 0.6), [(0.3, (0.55, 0.55, 0.55)), (0.7, (1.0, 1.0, 1.0))])
    k = math_node(nt, 'MULTIPLY', math_node(nt, 'MULTIPLY', mull, grad), dirt)
    em = nt.nodes.new('ShaderNodeEmission')
    em.inputs['Color'].default_value = (1.0, 0.82, 0.58, 1)
    link(nt, math_node(nt, 'MULTIPLY', k, 0.45), em.inputs['Strength'])
    link(nt, em.outputs[0], out.inputs['Surface'])
    return no_light_sampling(m)


def s_spotlight_night():
    """An industrial yard at night under one floodlight (session 9; rebuilt as a night photograph in
    session 11). The floodlight is in frame at the top left, on a bracket on the warehouse wall, its face
    clipped white with a halo, its beam faintly visible in the damp air, aimed down across the yard so the
    car's place lies in its pool: the light falls off naturally over the yard (brightest just beyond the
    car, fading into the dark towards the camera and the right). The warehouse: a brick plinth and ribbed
    cladding streaked with rain dirt, a dented roller shutter with a yellow-and-black guarded frame and a
    drain in front, a steel door under a small bulkhead lamp, pipes and a downpipe, an electrical cabinet
    with conduit, a red fire cabinet, two lit high windows; drums, pallets, a skip and a concrete block by
    the wall. The yard: worn asphalt drying after rain with puddles (mirroring the lamp and the wall),
    repair patches, oil stains. To the left beyond a palisade fence: an orange sodium street lamp, flats
    with lit windows and a sky with the city's glow. A cool LED on a building behind the camera adds a
    faint fill. Grain and lens halo as a high-ISO night photo. 35 mm at 8 m, f/2.8."""
    import numpy as np
    rng = np.random.default_rng(41)
    extra = {'night': True, 'perspectiveLines': False, 'clear': [0.05, 0.95]}
    s11b_night_sky(glow_dir=-0.4, strength=1.0)
    flood_col = (1.0, 0.93, 0.84)
    keep = (-3.0, 3.0, -1.8, 1.8)
    # Session 13: the yard after rain, old asphalt with its chippings worn out, wet with drier islands (the
    # city street's recipe; its wheel paths and a sealed crack 2 m towards the camera, in front of the car,
    # and 8 m sideways so its two short cracks across the road fall outside the frame).
    s13C_plane_at(120, 60, (0, 8.0, 0), (8.0, -2.0, 0), s12c_asphalt_mat('s13c-yard', binder=(0.07, 0.068, 0.065), stone=(0.3, 0.29, 0.27),
                                                   wet=True, wear=1.2))
    wy = 14.0
    x0, x1 = -9.0, 40.0
    brick = brick_mat('yard-brick', (0.3, 0.14, 0.09))
    s10a_weathered(brick, streak=0.85, splash=0.6)
    box((x1 - x0, 0.3, 2.4), ((x0 + x1) / 2, wy + 0.15, 1.2), brick, bevel=0.005)
    s13C_clad_bays(x0, x1, wy, 2.4, 9.4, rng, first=-6.3)
    box((x1 - x0 + 0.3, 0.6, 0.25), ((x0 + x1) / 2, wy + 0.1, 9.95), simple_mat('yard-fascia', (0.1, 0.1, 0.1), 0.5, metallic=0.6), bevel=0.01)
    # A yellow kerb line painted along the wall's foot (across the frame), scuffed.
    kerb = simple_mat('s11b-kerb', (0.45, 0.35, 0.05), 0.7, grain=0.5, grain_scale=6, bump_strength=0.2)
    s10a_weathered(kerb, streak=0.9, splash=0.5)
    box((x1 - x0, 0.25, 0.12), ((x0 + x1) / 2, wy - 0.12, 0.06), kerb, bevel=0.02)
    shutter = ribbed_mat('yard-shutter', (0.36, 0.37, 0.38), period=0.09, rough=0.45, metallic=0.6, axis='Z')
    s10a_weathered(shutter, streak=0.65, splash=0.55)
    box((4.5, 0.1, 4.6), (-3.2, wy - 0.02, 2.3), shutter, bevel=0.005, rot=(0.0, math.radians(0.4), 0.0))
    frame = simple_mat('yard-frame', (0.12, 0.12, 0.12), 0.5, metallic=0.6)
    box((4.8, 0.14, 0.25), (-3.2, wy - 0.03, 4.7), frame, bevel=0.01)
    box((4.9, 0.5, 0.55), (-3.2, wy - 0.2, 4.95), frame, bevel=0.02)  # the shutter's roll box
    guard = hazard_sleeve_mat()
    for gx in (-5.65, -0.75):
        box((0.22, 0.22, 1.1), (gx + rng.normal(0, 0.01), wy - 0.3, 0.55), guard, bevel=0.02, rot=(0, rng.normal(0, 0.02), 0))
    # A slot drain across the shutter's apron.
    box((4.6, 0.22, 0.01), (-3.2, wy - 1.4, 0.003), simple_mat('s11b-drain', (0.03, 0.03, 0.03), 0.4, metallic=0.8, grain=0.3), bevel=0)
    door_mat = simple_mat('yard-door', (0.15, 0.2, 0.22), 0.4, metallic=0.3, grain=0.25, grain_scale=4)
    s10a_weathered(door_mat, streak=0.75, splash=0.55)
    box((1.0, 0.08, 2.1), (4.4, wy - 0.02, 1.05), door_mat, bevel=0.005)
    box((1.2, 0.1, 0.08), (4.4, wy - 0.03, 2.14), frame, bevel=0.005)
    # The bulkhead lamp over the door: a warm glow lighting the door and a little ground.
    box((0.28, 0.12, 0.18), (4.4, wy - 0.08, 2.55), no_light_sampling(emission_mat('bulkhead', (1.0, 0.72, 0.45), 6.0)), bevel=0.02)
    point_light((4.4, wy - 0.4, 2.5), 60, (1.0, 0.72, 0.45), radius=0.08)
    lit = s11b_window_lit_mat()
    dark = glass_mat('yard-window', (0.2, 0.22, 0.25), 0.05)
    for k, wx in enumerate([-6.0 + 3.2 * i + rng.normal(0, 0.03) for i in range(14)]):
        box((2.2, 0.08, 0.9), (wx, wy + 0.03, 7.6), lit if k in (2, 5) else dark, bevel=0)
    # Services on the wall: a downpipe, a horizontal pipe pair on brackets, an electrical cabinet with
    # conduit rising from it, a red fire cabinet, cable tray.
    pipe = simple_mat('s11b-pipe', (0.22, 0.23, 0.22), 0.5, metallic=0.5, grain=0.3, grain_scale=2)
    s10a_weathered(pipe, streak=0.7, splash=0.6)
    s11b_pipe_run(pipe, [(1.45, wy - 0.12, 0.15), (1.45, wy - 0.12, 9.7)], 0.055, 'downpipe')
    s11b_pipe_run(pipe, [(-9.0, wy - 0.2, 3.3), (0.9, wy - 0.2, 3.3), (0.9, wy - 0.2, 1.2), (0.9, wy - 1.0, 0.2)], 0.06, 'gas')
    s11b_pipe_run(pipe, [(-9.0, wy - 0.16, 3.55), (9.0, wy - 0.16, 3.55)], 0.035, 'water')
    cab_mat = simple_mat('s11b-cabinet', (0.42, 0.43, 0.4), 0.5, metallic=0.3, grain=0.3, grain_scale=3)
    s10a_weathered(cab_mat, streak=0.7, splash=0.55)
    box((0.9, 0.3, 1.3), (2.5, wy - 0.15, 1.35), cab_mat, bevel=0.01)
    s11b_pipe_run(pipe, [(2.3, wy - 0.1, 2.0), (2.3, wy - 0.1, 6.2)], 0.025, 'conduit')
    s11b_pipe_run(pipe, [(2.7, wy - 0.1, 2.0), (2.7, wy - 0.1, 5.4), (8.0, wy - 0.1, 5.4)], 0.02, 'conduit2')
    fire = simple_mat('s11b-fire', (0.45, 0.03, 0.02), 0.4, grain=0.2, grain_scale=4)
    s10a_weathered(fire, streak=0.8, splash=0.7)
    box((0.65, 0.22, 0.85), (6.3, wy - 0.12, 1.55), fire, bevel=0.01)
    box((0.5, 0.02, 0.08), (6.3, wy - 0.235, 1.85), simple_mat('s11b-fire-label', (0.7, 0.7, 0.66), 0.6), bevel=0)
    # Session 13: the car's light is a pair of LED floodlights high on a mast behind the photographer (out
    # of frame), one each side: a broad, even pool over the car's place from above and in front, falling
    # off towards the wall (farther from them) and the frame's sides. The wall's own floodlight (top left,
    # in frame) now points down at the shutter's apron: a local pool behind the car, not its key.
    floods = ((-5.5, -11.5, 14.0), (6.0, -10.5, 14.5))
    for fp in floods:
        spot_light(fp, 15000, (fp[0] * 0.2, 0.5, 0.0), angle_deg=54, blend=0.9, color=flood_col, radius=0.35)
    s11b_floodlight((-6.4, wy - 0.7, 7.0), (-4.6, wy - 3.5, 0.0), 2200, (1.0, 0.9, 0.78), cone_deg=70, blend=0.8)
    # A wall-pack over the shutter washes the wall below it: the yard beyond the pool stays readable.
    box((0.3, 0.2, 0.3), (-3.2, wy - 0.15, 5.6), simple_mat('wallpack', (0.07, 0.07, 0.075), 0.4, metallic=0.7), bevel=0.02)
    spot_light((-3.2, wy - 0.35, 5.45), 350, (-3.2, wy - 3.0, 0.0), angle_deg=100, blend=0.8, color=(1.0, 0.82, 0.6), radius=0.1)
    # Pallets, drums, an IBC, a skip and a concrete block by the wall, beyond the pool.
    timber = simple_mat('pallet', (0.3, 0.22, 0.14), 0.85, grain=0.3, grain_scale=8, bump_strength=0.2)
    s10a_weathered(timber, streak=0.8, splash=0.6)
    pal = Batch(timber, 'pallets')
    for k in range(5):
        pal.box((1.2, 1.0, 0.14), (8.2 + rng.uniform(-0.06, 0.06), wy - 0.8, 0.07 + k * 0.15), rot_z=rng.normal(0, 0.04))
    for k in range(2):
        pal.box((1.2, 1.0, 0.14), (9.7 + rng.uniform(-0.06, 0.06), wy - 1.2, 0.07 + k * 0.15), rot_z=0.3 + rng.normal(0, 0.04))
    pal.done()
    for (dx, dy, col) in ((-8.3, wy - 0.7, (0.05, 0.14, 0.3)), (-7.6, wy - 0.6, (0.05, 0.14, 0.3)),
                          (-7.95, wy - 1.25, (0.35, 0.06, 0.04)), (5.6, wy - 0.7, (0.18, 0.18, 0.17))):
        s11b_drum(dx, dy, col, rng)
    ibc = simple_mat('s11b-ibc', (0.55, 0.55, 0.5), 0.35, grain=0.25, grain_scale=3)
    s10a_weathered(ibc, streak=0.75, splash=0.6)
    box((1.0, 1.2, 1.0), (-6.9, wy - 1.0, 0.62), ibc, bevel=0.05)
    cage = Batch(frame, 's11b-ibc-cage')
    for zz in (0.12, 0.62, 1.12):
        cage.box((1.06, 1.26, 0.03), (-6.9, wy - 1.0, zz))
    for xx in (-7.4, -6.9, -6.4):
        cage.box((0.03, 1.26, 1.1), (xx, wy - 1.0, 0.62))
    cage.done()
    box((3.6, 1.8, 1.4), (12.5, wy - 1.2, 0.75), simple_mat('skip', (0.16, 0.26, 0.12), 0.6, metallic=0.4, grain=0.3, grain_scale=3), bevel=0.04)
    conc = simple_mat('s11b-block', (0.35, 0.34, 0.32), 0.9, grain=0.25, grain_scale=5, bump_strength=0.3)
    box((1.6, 0.8, 0.8), (-10.5, 8.0, 0.4), conc, bevel=0.03, rot=(0, 0, 0.15))
    # Left: a palisade fence, and beyond it the street: a sodium lamp and a block of flats with lit windows.
    rails = Batch(simple_mat('palisade', (0.08, 0.1, 0.09), 0.5, metallic=0.5, grain=0.1), 'palisade')
    railing(rails, -40.0, x0, wy, 0.0, 2.4, spacing=0.13)
    rails.done()
    cylinder(0.09, 8.0, (-11.0, 24.0, 4.0), frame, verts=12)
    box((0.3, 0.6, 0.15), (-11.0, 23.5, 7.95), frame, bevel=0.02)
    lamp = plane(0.24, 0.45, (-11.0, 23.5, 7.86), no_light_sampling(emission_mat('sodium', (1.0, 0.55, 0.18), 40.0)),
                 rot=(math.radians(160), 0, 0))
    camera_only(lamp)
    spot_light((-11.0, 23.5, 7.8), 5000, (-11.0, 23.5, 0.0), angle_deg=120, blend=0.9, color=(1.0, 0.55, 0.2), radius=0.1)
    flats = facade_mat('yard-flats', (0.3, 0.28, 0.26), lit=0.12, night=True)
    building(-26.0, 42.0, 20.0, 12.0, 24.0, flats, None)
    building(-4.0, 60.0, 18.0, 12.0, 30.0, facade_mat('yard-flats2', (0.25, 0.25, 0.26), lit=0.08, night=True), None)
    s11b_layby_litter(rng, (-8.0, 8.0), (-4.0, 12.0), keep, n=45)
    # Traffic cones left by the skip, one knocked over; a wheelie bin by the door.
    cone_mat = simple_mat('s11b-cone', (0.55, 0.12, 0.03), 0.5, grain=0.3, grain_scale=5)
    s10a_weathered(cone_mat, streak=0.7, splash=0.5)
    for (cx, cy, tip) in ((7.2, 11.2, 0.0), (7.9, 11.6, 0.0), (6.6, 10.4, 1.45)):
        o = obj_from(bpy.ops.mesh.primitive_cone_add, vertices=20, radius1=0.17, radius2=0.025, depth=0.7,
                     location=(cx, cy, 0.35 if tip == 0 else 0.17), rotation=(tip, 0, rng.uniform(0, 6.3)))
        bpy.ops.object.shade_smooth()
        o.data.materials.append(cone_mat)
        box((0.38, 0.38, 0.04), (cx, cy, 0.02), simple_mat('s11b-cone-base', (0.04, 0.04, 0.04), 0.7), bevel=0.01)
    bin_mat = simple_mat('s11b-bin', (0.08, 0.2, 0.1), 0.55, grain=0.3, grain_scale=4)
    s10a_weathered(bin_mat, streak=0.7, splash=0.5)
    box((0.6, 0.72, 1.05), (3.4, wy - 0.7, 0.53), bin_mat, bevel=0.03, rot=(0, 0, 0.12))
    box((0.66, 0.8, 0.06), (3.4, wy - 0.72, 1.08), bin_mat, bevel=0.02, rot=(0.05, 0, 0.12))
    # The key: the two mast floodlights' mean direction seen from the car (0 = from behind the scene,
    # 180 = from the camera); two heads 11 m apart at 18 m make a soft shadow.
    mx, my, mz = (sum(f[i] for f in floods) / len(floods) for i in range(3))
    az = math.degrees(math.atan2(mx, my)) % 360
    el = math.degrees(math.atan2(mz, math.hypot(mx, my)))
    key(round(az, 1), round(el, 1), 0.45, flood_col)
    camera(focal=35.0, fstop=2.8, pitch_deg=-1.0, height=1.3, distance=8.0)
    render_settings(exposure=-0.6, glare=0.3, adaptive=0.01)
    sc.render.dither_intensity = 1.5
    s11b_photo_post(grain=0.0, halo=0.35, halo_threshold=0.7, halo_size=9)
    s13C_sensor_grain(0.02, 0.0012, chroma=0.3, seed=41)
    return extra


def s13C_plane_at(size_x, size_y, centre, origin, mat):
    """A ground plane covering `centre` +- size / 2 whose object origin (what Object-space materials
    measure from) sits at `origin`: places a material's fixed features (tracks, cracks) in the world."""
    from mathutils import Matrix
    o = plane(size_x, size_y, centre, mat)
    bpy.context.view_layer.update()
    o.data.transform(Matrix.Translation(-Vector(origin)) @ o.matrix_world)
    o.matrix_world = Matrix.Translation(Vector(origin))
    return o


def s13C_clad_bays(x0, x1, wy, z0, z1, rng, first=None):
    """Session 13 (spotlight night): a warehouse's cladding as built and mended, not one even box. Steel
    portal columns every 6 m; each bay's sheets from one of three batches (a touch greener, greyer,
    paler) at slightly different depths; a few replaced sheets, newer and paler, one still unpainted
    galvanised; a painted sign board with the firm's name over the door bay."""
    cols = ((0.32, 0.34, 0.33), (0.28, 0.3, 0.3), (0.36, 0.37, 0.35))
    mats = []
    for i, c in enumerate(cols):
        m = ribbed_mat('s13c-clad%d' % i, c, period=0.2, rough=0.5 + 0.05 * i, metallic=0.5, axis='X')
        s10a_weathered(m, streak=0.55 + 0.1 * i, splash=0.9)
        mats.append(m)
    new = ribbed_mat('s13c-clad-new', (0.41, 0.43, 0.41), period=0.2, rough=0.42, metallic=0.6, axis='X')
    s10a_weathered(new, streak=0.3, splash=0.5)
    steel = simple_mat('s13c-column', (0.1, 0.11, 0.12), 0.55, metallic=0.4, grain=0.3, grain_scale=3)
    s10a_weathered(steel, streak=0.8, splash=0.7)
    x = x0 if first is None else first - 6.0
    while x < x1:
        w = 6.0 + rng.normal(0, 0.04)
        a, b = max(x, x0), min(x + w, x1)
        box((b - a - 0.02, 0.3, z1 - z0), ((a + b) / 2, wy + 0.2 + rng.uniform(-0.015, 0.015), (z0 + z1) / 2),
            mats[int(rng.integers(0, 3))], bevel=0.005)
        if x > x0:
            box((0.32, 0.28, z1 + 0.4), (x, wy + 0.02, (z1 + 0.4) / 2), steel, bevel=0.01)
        x += w
    for (sx, sw, sz0, sz1) in ((1.0, 1.05, z0, 6.8), (7.3, 2.1, 4.5, z1), (-7.9, 1.05, z0, 5.2)):
        box((sw, 0.3, sz1 - sz0), (sx, wy + 0.185, (sz0 + sz1) / 2), new, bevel=0.004)
    board = simple_mat('s13c-sign-board', (0.62, 0.62, 0.58), 0.6, grain=0.3, grain_scale=4)
    s10a_weathered(board, streak=0.9, splash=0.3)
    box((4.4, 0.06, 0.9), (5.2, wy + 0.02, 6.55), board, bevel=0.01)
    shop_name('KARACA NAKLİYAT', 5.2, wy - 0.02, 6.27, 0.42, simple_mat('s13c-sign-ink', (0.03, 0.07, 0.2), 0.5),
              depth=0.01, spacing=1.05)


def s13C_sensor_grain(sigma, floor, chroma=0.3, seed=1, clump=0.5):
    """Session 13: a digital camera's noise as a real per-pixel field (Blender's compositor has no random
    node; its NOISE texture is smooth: session 11). A numpy Gaussian field the size of the frame, part
    per-pixel and part clumped over ~2 px (demosaicing and the camera's own noise reduction spread it, so
    a reduced copy still shows it), mostly luminance with a share of colour speckle, added in linear light
    with sigma = `sigma` * sqrt(L) + `floor` (shot noise grows with the light's square root; read noise is
    the floor)."""
    import numpy as np
    nt = sc.node_tree
    comp = next(n for n in nt.nodes if n.type == 'COMPOSITE')
    src = comp.inputs['Image'].links[0].from_socket
    rng = np.random.default_rng(seed)
    H, W = HEIGHT, WIDTH

    def field(ch):
        f = rng.normal(0, 1, (H, W, ch))
        h2, w2 = (H + 1) // 2, (W + 1) // 2
        c = rng.normal(0, 1, (h2, w2, ch)).repeat(2, 0).repeat(2, 1)[:H, :W]
        c = (c + np.roll(c, 1, 0) + np.roll(c, 1, 1) + np.roll(np.roll(c, 1, 0), 1, 1)) / 2.0
        return (1 - clump) * f + clump * c
    lum = field(1)
    col = lum + chroma * field(3)
    px = np.empty((H, W, 4), np.float32)
    px[..., :3] = 0.5 + 0.1 * col
    px[..., 3] = 1.0
    img = bpy.data.images.new('s13c-grain', W, H, float_buffer=True, alpha=True)
    img.colorspace_settings.name = 'Non-Color'
    img.pixels.foreach_set(px.ravel())
    node = nt.nodes.new('CompositorNodeImage')
    node.image = img
    cen = nt.nodes.new('CompositorNodeMixRGB')
    cen.blend_type = 'SUBTRACT'
    cen.inputs[0].default_value = 1.0
    link(nt, node.outputs['Image'], cen.inputs[1])
    cen.inputs[2].default_value = (0.5, 0.5, 0.5, 1)
    sq = comp_sqrt_luma(nt, src)
    amp = nt.nodes.new('CompositorNodeMath')
    amp.operation = 'MULTIPLY_ADD'
    link(nt, sq.outputs[0], amp.inputs[0])
    amp.inputs[1].default_value = sigma * 10.0  # the field is stored at 0.1 per unit sigma
    amp.inputs[2].default_value = floor * 10.0
    scl = nt.nodes.new('CompositorNodeMixRGB')
    scl.blend_type = 'MULTIPLY'
    scl.inputs[0].default_value = 1.0
    link(nt, cen.outputs[0], scl.inputs[1])
    link(nt, amp.outputs[0], scl.inputs[2])
    add = nt.nodes.new('CompositorNodeMixRGB')
    add.blend_type = 'ADD'
    add.inputs[0].default_value = 1.0
    link(nt, src, add.inputs[1])
    link(nt, scl.outputs[0], add.inputs[2])
    link(nt, add.outputs[0], comp.inputs['Image'])


SCENES = {
    'studio-white': s_studio2('white', -0.55),
    'studio-grey': s_studio2('grey', -1.3),
    'studio-dark': s_studio2('dark', 0.0),
    'studio-blue': s_studio2('blue', -0.5),
    'promo-studio': s_studio2('promo', -0.4),
    'modern-studio': s_studio2('modern', -1.3),
    'studio-showroom': s_glass_showroom,
    'luxury-showroom': s_luxury_showroom,
    'studio-loft': s_studio_loft,
    'private-garage': s_private_garage,
    'service-garage': s_service_garage,
    'sales-expo': s_sales_expo,
    'mall-car-park': s_mall_car_park,
    'vip-garage-entrance': s_vip_garage_entrance,
    'spotlight-night': s_spotlight_night,
    'sunset-drive': s_sunset_drive,
    'snowy-drive': s_snowy_drive,
    'forest-road': s_forest_road,
    'foggy-morning': s_foggy_morning,
    'mountain-view': s_mountain_view,
    'night-drive': s_night_drive,
    'coast-road': cr10_coast_road,
    'lakeside': s_lakeside,
    'beach': s_beach,
    'marina': s_marina,
    'rainy-drive': s_rainy_drive,
    'city-centre': s_street,
    'apartment-front': s_apartment_front,
    'skyscraper-front': s_skyscraper_front,
    'studio-plaza': s_plaza,
    'tokyo-street': s_tokyo_street,
    'urban-night': lambda: s_street(night=True),
    'luxury-hotel-entrance': s_hotel_entrance,
    'red-carpet': s_red_carpet,
    'wedding-car': s_wedding,
    'gated-estate-car-park': s_gated_estate,
    'suburban-house': s_suburban_house,
    'airport-vip': s_airport_vip,
}


# Light probes at the car's place (--probe 1): two matte spheres where the car's body stands, one of a grey
# card's albedo (0.18) and one of a white car's diffuse (0.8). What the render makes of them is what the scene's
# light does to a car there (key, ambient, the lamps' colour, the exposure and Filmic's shoulder included): the
# engine grades the car toward these numbers (docs/decisions/0006-car-light-grade.md).
PROBE_ALBEDO = {'grey': 0.18, 'white': 0.8}
PROBE_AT = {'grey': (-1.1, 0.0, 0.75), 'white': (1.1, 0.0, 0.75)}
PROBE_R = 0.6


def add_probes():
    for name, alb in PROBE_ALBEDO.items():
        bpy.ops.mesh.primitive_uv_sphere_add(radius=PROBE_R, location=PROBE_AT[name], segments=48, ring_count=24)
        o = bpy.context.object
        bpy.ops.object.shade_smooth()
        m, nt, out = new_mat(f'probe-{name}')
        d = nt.nodes.new('ShaderNodeBsdfDiffuse')
        d.inputs['Color'].default_value = (alb, alb, alb, 1.0)
        link(nt, d.outputs[0], out.inputs['Surface'])
        o.data.materials.append(m)


def measure_probes(png):
    """Per probe: the mean sRGB colour of its disc (inner 85 % of the radius, clear of the outline), and the
    luminance (0-255) its lit side (90th percentile) and its shaded side (10th percentile) reach."""
    img = bpy.data.images.load(png)
    w, h = img.size
    px = list(img.pixels)
    res = {}
    for name, at in PROBE_AT.items():
        cx, cy = project(at)
        ex, _ = project((at[0] + PROBE_R, at[1], at[2]))
        r = (ex - cx) * w * 0.85
        cx, cy = cx * w, cy * h
        cols, lums = [], []
        for y in range(max(0, int(cy - r)), min(h, int(cy + r) + 1)):
            for x in range(max(0, int(cx - r)), min(w, int(cx + r) + 1)):
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > r * r:
                    continue
                i = ((h - 1 - y) * w + x) * 4  # Blender's pixels run bottom-up
                c = [px[i] * 255, px[i + 1] * 255, px[i + 2] * 255]
                cols.append(c)
                lums.append(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2])
        lums.sort()
        n = len(cols)
        res[name] = {
            'mean': [round(sum(c[k] for c in cols) / n, 1) for k in range(3)],
            'lit': round(lums[int(0.9 * (n - 1))], 1),
            'shade': round(lums[int(0.1 * (n - 1))], 1),
        }
    return res


def main():
    if SCENE_ID == '--list':
        print('SCENES ' + ' '.join(SCENES))
        return
    reset()
    extra = SCENES[SCENE_ID]()
    finish_metadata(extra)
    probe = args.get('probe') == '1'
    if probe:
        add_probes()
    sc.render.filepath = f'{OUT}/{SCENE_ID}.png'
    if args.get('rows'):
        # session 18: only a band of rows (top to bottom, shares of the height) is path traced, in the full
        # frame, so the compositor's vignette and fixed-seed grain land where they do in a full render;
        # scenes/render.ts --rows splices the band into the committed render (one full render is 45-60 min
        # on the shared 2 cores)
        y0, y1 = (float(v) for v in args['rows'].split(','))
        sc.render.use_border = True
        sc.render.use_crop_to_border = False
        sc.render.border_min_x, sc.render.border_max_x = 0.0, 1.0
        sc.render.border_min_y, sc.render.border_max_y = 1.0 - y1, 1.0 - y0
    bpy.ops.render.render(write_still=True)
    if probe:
        meta['probe'] = measure_probes(f'{OUT}/{SCENE_ID}.png')
    with open(f'{OUT}/{SCENE_ID}.json', 'w') as f:
        json.dump(meta, f, indent=1)


main()
