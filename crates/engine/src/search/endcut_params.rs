// Written by `othello train endcut --games data/wthor-games.txt.gz --positions 520 --min-empties 10 --max-empties 22 --max-depth 12`
// from 520 held-out positions: `[a, b]` of `exact = a * v_d + b` per
// shallow depth d, and `sigma = s0 + s1 * empties + s2 * d`.
pub const POSITIONS: usize = 520;
pub const LINE: [[f32; 2]; 13] = [
    [1.0252, 0.5537],
    [1.0176, -1.2226],
    [1.0240, 0.6574],
    [1.0262, -0.7712],
    [1.0032, 0.4659],
    [1.0104, -0.7068],
    [1.0044, 0.4665],
    [1.0229, -0.5692],
    [1.0073, 0.2762],
    [1.0092, -0.3797],
    [1.0057, 0.2620],
    [1.0084, -0.2514],
    [1.0060, 0.2103],
];
pub const SIGMA: [f32; 3] = [7.8648, 0.0516, -0.4668];
