//! The client's map database from the user's own exports (`--game-data DIR`, read with the other
//! tables of `game_data_csv.rs`): the UI maps and where each lies in the world. Only the tables
//! and their geometry; `c_map.rs` answers `C_Map` from them.
//!
//! | file | columns read | gives |
//! | --- | --- | --- |
//! | `UiMap.csv` | `ID`, `Name_lang`, `ParentUiMapID`, `Type` (`Enum.UIMapType`); optional `Flags` (`Enum.UIMapFlag`), `System` (`Enum.UIMapSystem`) | the maps; with it, an id it lacks is no map |
//! | `UiMapAssignment.csv` (optional) | `ID`, `UiMapID`, `MapID` (the world instance), `UiMin_0`, `UiMin_1`, `UiMax_0`, `UiMax_1` (a part of the map, 0..1), `Region_0`, `Region_1`, `Region_3`, `Region_4` (that part's world min `x, y` and max `x, y`); optional `OrderIndex`, `Region_2`, `Region_5` (min and max `z`), `WMODoodadPlacementID`, `WMOGroupID` | the maps' world rectangles |
//!
//! Facts used (public sources): the column names and meanings are those of WoWDBDefs'
//! `UiMap.dbd` and `UiMapAssignment.dbd` (wowdev's definitions; wago.tools' CSV exports name an
//! array column's parts `Name_0`, `Name_1`, …, as addon and tool scripts that read these exports
//! do); the axes follow TrinityCore's reading of the tables (`DB2Stores`: a map's `x` runs
//! against world `y` and its `y` against world `x`, both decreasing, so `UiMin` is the north-west
//! corner `Region` max `x, y`), and so does the choice of a map for a world point (a region
//! that holds the point, and its height when one is known, before one that does not; among
//! those, the most detailed, then the nearest centre; outside, the nearest edge).
//!
//! A row with a value that is not a number, an empty part of the map (`UiMin` not below
//! `UiMax`) or a region whose min lies above its max is a note naming the file and line, and is
//! skipped; an assignment of a map `UiMap.csv` lacks is kept but never reached.

use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::path::Path;

/// A map's place in its world instance: (instance id, left, right, top, bottom), in the
/// client's world coordinates (`x` grows north, `y` grows west: left > right, top > bottom).
pub(crate) type WorldRect = (i64, f64, f64, f64, f64);

/// One row of `UiMap.csv`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct UiMapRow {
    pub(crate) name: Box<str>,
    pub(crate) parent: i64,
    /// `Enum.UIMapType`.
    pub(crate) kind: i64,
    /// `Enum.UIMapFlag` bits.
    pub(crate) flags: i64,
    /// `Enum.UIMapSystem` (0: the world map).
    pub(crate) system: i64,
}

/// `Enum.UIMapFlag.NoWorldPositions`: a map without world positions.
const NO_WORLD_POSITIONS: i64 = 0x80;

/// One row of `UiMapAssignment.csv`: a part of a map (`ui_min`..`ui_max`, 0..1 across and down)
/// and the world region it shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Assignment {
    pub(crate) id: i64,
    pub(crate) ui_map: i64,
    pub(crate) order: i64,
    pub(crate) instance: i64,
    pub(crate) ui_min: (f64, f64),
    pub(crate) ui_max: (f64, f64),
    /// World min and max `x, y, z`.
    pub(crate) min: [f64; 3],
    pub(crate) max: [f64; 3],
    /// Whether the part belongs to a building (a WMO group or doodad placement).
    pub(crate) wmo: bool,
}

impl Assignment {
    /// The world rectangle of the whole map (0..1) as this part's scale extends it; None for a
    /// part without world extent.
    pub(crate) fn full_rect(&self) -> Option<WorldRect> {
        let (u0, v0) = self.ui_min;
        let (u1, v1) = self.ui_max;
        let span_y = self.max[1] - self.min[1];
        let span_x = self.max[0] - self.min[0];
        if span_x <= 0.0 || span_y <= 0.0 {
            return None;
        }
        // Yards per unit of map: across runs against world y, down against world x.
        let per_u = span_y / (u1 - u0);
        let per_v = span_x / (v1 - v0);
        let left = self.max[1] + u0 * per_u;
        let top = self.max[0] + v0 * per_v;
        Some((self.instance, left, left - per_u, top, top - per_v))
    }

    fn holds_map_pos(&self, mx: f64, my: f64) -> bool {
        (self.ui_min.0..=self.ui_max.0).contains(&mx)
            && (self.ui_min.1..=self.ui_max.1).contains(&my)
    }

    fn holds_world(&self, x: f64, y: f64) -> bool {
        (self.min[0]..=self.max[0]).contains(&x) && (self.min[1]..=self.max[1]).contains(&y)
    }

    /// [`Self::holds_world`], and with a height `z` the region's height range holds it (a
    /// region without height extent holds every height).
    fn holds(&self, x: f64, y: f64, z: Option<f64>) -> bool {
        let height = z
            .is_none_or(|z| self.max[2] <= self.min[2] || (self.min[2]..=self.max[2]).contains(&z));
        self.holds_world(x, y) && height
    }

    /// Squared distance from the point to the region (0 inside).
    fn edge_distance(&self, x: f64, y: f64) -> f64 {
        let dx = (self.min[0] - x).max(x - self.max[0]).max(0.0);
        let dy = (self.min[1] - y).max(y - self.max[1]).max(0.0);
        dx * dx + dy * dy
    }

    /// Squared distance from the point to the region's centre.
    fn centre_distance(&self, x: f64, y: f64) -> f64 {
        let cx = (self.min[0] + self.max[0]) / 2.0;
        let cy = (self.min[1] + self.max[1]) / 2.0;
        (x - cx) * (x - cx) + (y - cy) * (y - cy)
    }

    /// Yards per unit of map across: smaller is more detailed.
    fn scale(&self) -> f64 {
        (self.max[1] - self.min[1]) / (self.ui_max.0 - self.ui_min.0)
    }

    fn key(&self) -> (i64, i64) {
        (self.order, self.id)
    }
}

/// The tables: maps by id and each map's assignments in (`OrderIndex`, `ID`) order.
#[derive(Default, Debug)]
pub(crate) struct MapDb {
    pub(crate) maps: BTreeMap<i64, UiMapRow>,
    pub(crate) assignments: FxHashMap<i64, Vec<Assignment>>,
}

impl MapDb {
    /// The parts of a map that have world positions.
    fn parts(&self, id: i64) -> &[Assignment] {
        let positioned = self
            .maps
            .get(&id)
            .is_some_and(|m| m.flags & NO_WORLD_POSITIONS == 0);
        match self.assignments.get(&id) {
            Some(v) if positioned => v,
            _ => &[],
        }
    }

    /// The rectangle through which a map position of `id` reaches the world: the first part
    /// (by `OrderIndex`) that holds the position.
    pub(crate) fn rect_at_map_pos(&self, id: i64, mx: f64, my: f64) -> Option<WorldRect> {
        self.parts(id)
            .iter()
            .filter(|a| a.holds_map_pos(mx, my))
            .find_map(Assignment::full_rect)
    }

    /// The map's world rectangle: the part at its centre, else its first part.
    pub(crate) fn rect(&self, id: i64) -> Option<WorldRect> {
        self.rect_at_map_pos(id, 0.5, 0.5)
            .or_else(|| self.parts(id).iter().find_map(Assignment::full_rect))
    }

    /// The rectangle of `id` for a world point of `instance`: the first part whose region holds
    /// the point; with `nearest`, else the part nearest to it.
    pub(crate) fn rect_at_world(
        &self,
        id: i64,
        instance: i64,
        x: f64,
        y: f64,
        nearest: bool,
    ) -> Option<WorldRect> {
        let parts = self.parts(id).iter().filter(|a| a.instance == instance);
        let usable: Vec<&Assignment> = parts.filter(|a| a.full_rect().is_some()).collect();
        let inside = usable.iter().find(|a| a.holds_world(x, y));
        let chosen = match inside {
            Some(a) => Some(*a),
            None if nearest => usable.iter().copied().min_by(|a, b| {
                a.edge_distance(x, y)
                    .total_cmp(&b.edge_distance(x, y))
                    .then(a.key().cmp(&b.key()))
            }),
            None => None,
        };
        chosen.and_then(Assignment::full_rect)
    }

    /// The world map (`System` 0) that best shows a world point of `instance` outdoors: a
    /// region holding the point (and its height `z`, when given) before one that does not;
    /// inside, the most detailed, then the nearest centre; outside, the nearest edge. Parts
    /// inside buildings are left out.
    pub(crate) fn best_map_at(
        &self,
        instance: i64,
        (x, y, z): (f64, f64, Option<f64>),
    ) -> Option<(i64, WorldRect)> {
        let mut best: Option<&Assignment> = None;
        for id in self.assignments.keys() {
            let world_map = self.maps.get(id).is_some_and(|m| m.system == 0);
            if !world_map {
                continue;
            }
            for a in self.parts(*id) {
                if a.instance != instance || a.wmo || a.full_rect().is_none() {
                    continue;
                }
                if best.is_none_or(|b| better(a, b, (x, y, z))) {
                    best = Some(a);
                }
            }
        }
        best.and_then(|a| Some((a.ui_map, a.full_rect()?)))
    }
}

/// Whether `a` shows the point better than `b` ([`MapDb::best_map_at`]).
fn better(a: &Assignment, b: &Assignment, (x, y, z): (f64, f64, Option<f64>)) -> bool {
    use std::cmp::Ordering;
    let (ia, ib) = (a.holds(x, y, z), b.holds(x, y, z));
    if ia != ib {
        return ia;
    }
    let order = if ia {
        a.scale()
            .total_cmp(&b.scale())
            .then(a.centre_distance(x, y).total_cmp(&b.centre_distance(x, y)))
    } else {
        a.edge_distance(x, y).total_cmp(&b.edge_distance(x, y))
    };
    order.then((a.ui_map, a.key()).cmp(&(b.ui_map, b.key()))) == Ordering::Less
}

/// Notes of one file: the first five bad rows by line, then a count.
struct BadRows<'a> {
    shown: String,
    notes: &'a mut Vec<String>,
    count: usize,
}

impl BadRows<'_> {
    fn note(&mut self, line: usize, why: String) {
        if self.count < 5 {
            self.notes
                .push(format!("{}:{line}: {why}; the row is skipped", self.shown));
        }
        self.count += 1;
    }

    fn finish(self) {
        if self.count > 5 {
            self.notes.push(format!(
                "{}: {} more bad rows skipped",
                self.shown,
                self.count - 5
            ));
        }
    }
}

/// The numbers of a row's columns `which` (indices into the row), or the first that is none.
fn numbers<const N: usize>(
    row: &[String],
    cols: &[&str],
    which: [usize; N],
) -> Result<[f64; N], String> {
    let mut out = [0.0; N];
    for (k, i) in which.into_iter().enumerate() {
        let text = row[i].trim();
        out[k] = match text.parse::<f64>() {
            Ok(v) if v.is_finite() => v,
            _ => return Err(format!("{} `{text}` is not a number", cols[i])),
        };
    }
    Ok(out)
}

/// An optional column: 0 when empty or absent.
fn optional(row: &[String], cols: &[&str], i: usize) -> Result<f64, String> {
    if row[i].trim().is_empty() {
        return Ok(0.0);
    }
    numbers(row, cols, [i]).map(|[v]| v)
}

const UI_MAP: [&str; 6] = [
    "ID",
    "Name_lang",
    "ParentUiMapID",
    "Type",
    "Flags",
    "System",
];

const ASSIGNMENT: [&str; 17] = [
    "ID",
    "UiMapID",
    "MapID",
    "UiMin_0",
    "UiMin_1",
    "UiMax_0",
    "UiMax_1",
    "Region_0",
    "Region_1",
    "Region_3",
    "Region_4",
    "OrderIndex",
    "Region_2",
    "Region_5",
    "WMODoodadPlacementID",
    "WMOGroupID",
    "AreaID",
];

fn ui_map_row(r: &[String]) -> Result<(i64, UiMapRow), String> {
    let [id, parent, kind] = numbers(r, &UI_MAP, [0, 2, 3])?;
    let row = UiMapRow {
        name: r[1].as_str().into(),
        parent: parent as i64,
        kind: kind as i64,
        flags: optional(r, &UI_MAP, 4)? as i64,
        system: optional(r, &UI_MAP, 5)? as i64,
    };
    Ok((id as i64, row))
}

fn assignment_row(r: &[String]) -> Result<Assignment, String> {
    let [id, ui_map, instance, u0, v0, u1, v1, x0, y0, x1, y1] =
        numbers(r, &ASSIGNMENT, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])?;
    let opt = |i| optional(r, &ASSIGNMENT, i);
    let (order, z0, z1, doodad, group) = (opt(11)?, opt(12)?, opt(13)?, opt(14)?, opt(15)?);
    if u0 >= u1 || v0 >= v1 {
        return Err(format!(
            "UiMin ({u0}, {v0}) is not below UiMax ({u1}, {v1})"
        ));
    }
    if x0 > x1 || y0 > y1 || z0 > z1 {
        return Err("a Region min lies above its max".into());
    }
    Ok(Assignment {
        id: id as i64,
        ui_map: ui_map as i64,
        order: order as i64,
        instance: instance as i64,
        ui_min: (u0, v0),
        ui_max: (u1, v1),
        min: [x0, y0, z0],
        max: [x1, y1, z1],
        wmo: doodad != 0.0 || group != 0.0,
    })
}

/// `UiMap.csv` and `UiMapAssignment.csv` in `dir` (None when the first is not there).
pub(crate) fn read(dir: &Path, notes: &mut Vec<String>) -> Option<MapDb> {
    use super::game_data_csv::read_numbered;
    let Some((shown, rows)) = read_numbered(dir, "UiMap.csv", &UI_MAP, 4, notes) else {
        if let Some(path) = wowsim_toc::resolve_path_ci(dir, "UiMapAssignment.csv") {
            notes.push(format!(
                "{}: not read without UiMap.csv beside it",
                path.display()
            ));
        }
        return None;
    };
    let mut db = MapDb::default();
    let mut bad = BadRows {
        shown,
        notes,
        count: 0,
    };
    for (line, r) in rows {
        match ui_map_row(&r) {
            Ok((id, row)) => {
                db.maps.insert(id, row);
            }
            Err(why) => bad.note(line, why),
        }
    }
    bad.finish();
    if let Some((shown, rows)) = read_numbered(dir, "UiMapAssignment.csv", &ASSIGNMENT, 11, notes) {
        let mut bad = BadRows {
            shown,
            notes,
            count: 0,
        };
        for (line, r) in rows {
            match assignment_row(&r) {
                Ok(a) => db.assignments.entry(a.ui_map).or_default().push(a),
                Err(why) => bad.note(line, why),
            }
        }
        bad.finish();
        for parts in db.assignments.values_mut() {
            parts.sort_by_key(Assignment::key);
        }
    }
    Some(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(ui: ((f64, f64), (f64, f64)), min: [f64; 2], max: [f64; 2]) -> Assignment {
        Assignment {
            id: 1,
            ui_map: 10,
            order: 0,
            instance: 0,
            ui_min: ui.0,
            ui_max: ui.1,
            min: [min[0], min[1], 0.0],
            max: [max[0], max[1], 0.0],
            wmo: false,
        }
    }

    fn check(a: &Assignment, want: WorldRect) {
        let got = a.full_rect().expect("a rectangle");
        let close = |p: f64, q: f64| (p - q).abs() < 1e-9;
        assert!(
            got.0 == want.0
                && close(got.1, want.1)
                && close(got.2, want.2)
                && close(got.3, want.3)
                && close(got.4, want.4),
            "{a:?}: got {got:?}, want {want:?}"
        );
    }

    #[test]
    fn whole_maps_and_parts() {
        // A whole map: UiMin is the north-west corner, the region's max x (north), max y (west).
        check(
            &part(((0.0, 0.0), (1.0, 1.0)), [-200.0, -100.0], [300.0, 400.0]),
            (0, 400.0, -100.0, 300.0, -200.0),
        );
        // The right half of a map, 500 yards across: the whole map is 1000 yards wide.
        check(
            &part(((0.5, 0.0), (1.0, 1.0)), [0.0, 0.0], [100.0, 500.0]),
            (0, 1000.0, 0.0, 100.0, 0.0),
        );
        // The bottom quarter: 4x the height, the top 300 yards north of the part's max.
        check(
            &part(((0.0, 0.75), (1.0, 1.0)), [0.0, 0.0], [100.0, 50.0]),
            (0, 50.0, 0.0, 400.0, 0.0),
        );
        assert_eq!(
            part(((0.0, 0.0), (1.0, 1.0)), [0.0, 0.0], [0.0, 10.0]).full_rect(),
            None
        );
    }

    #[test]
    fn reads_and_notes_bad_rows() {
        let dir = std::env::temp_dir().join(format!("wowsim-mapdb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("uimap.csv"),
            "ID,Name_lang,ParentUiMapID,Type,Flags\n1,\"Top\",0,1,0\nx,\"Bad\",0,1,0\n2,\"Zone, B\",1,3,\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("UiMapAssignment.csv"),
            "ID,UiMin_0,UiMin_1,UiMax_0,UiMax_1,Region_0,Region_1,Region_2,Region_3,Region_4,Region_5,UiMapID,OrderIndex,MapID\n\
             5,0,0,1,1,0,0,0,100,200,0,2,0,7\n\
             6,0.5,0,0.5,1,0,0,0,100,200,0,2,0,7\n\
             7,0,0,1,1,10,0,0,0,200,0,2,0,7\n\
             8,0,0,1,1,0,0,0,1000,2e3,20,1,0,7\n\
             9,0,zero,1,1,0,0,0,1,1,0,1,0,7\n",
        )
        .unwrap();
        let mut notes = Vec::new();
        let db = read(&dir, &mut notes).expect("the tables");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(db.maps.len(), 2);
        assert_eq!(&*db.maps[&2].name, "Zone, B");
        assert_eq!(db.maps[&2].flags, 0);
        assert_eq!(db.assignments[&2].len(), 1);
        assert_eq!(db.assignments[&1].len(), 1);
        let lines: Vec<&str> = notes
            .iter()
            .map(|n| n.rsplit_once(['/', '\\']).map_or(n.as_str(), |(_, f)| f))
            .collect();
        assert_eq!(
            lines,
            [
                "uimap.csv:3: ID `x` is not a number; the row is skipped",
                "UiMapAssignment.csv:3: UiMin (0.5, 0) is not below UiMax (0.5, 1); the row is skipped",
                "UiMapAssignment.csv:4: a Region min lies above its max; the row is skipped",
                "UiMapAssignment.csv:6: UiMin_1 `zero` is not a number; the row is skipped",
            ]
        );
        assert_eq!(db.rect(2), Some((7, 200.0, 0.0, 100.0, 0.0)));
        let best = |instance, z| db.best_map_at(instance, (50.0, 50.0, z)).map(|(id, _)| id);
        assert_eq!(best(7, None), Some(2));
        assert_eq!(best(8, None), None);
        // Map 2's region has no height extent (it holds every height); map 1's holds 0..20: at
        // height 10 both hold the point and the more detailed map 2 wins. Then map 2 as a cave
        // (-50..-10): it wins in the cave, map 1 above it.
        assert_eq!(best(7, Some(10.0)), Some(2));
        let mut db2 = MapDb {
            maps: db.maps.clone(),
            ..MapDb::default()
        };
        let mut cave = db.assignments[&2][0].clone();
        (cave.min[2], cave.max[2]) = (-50.0, -10.0);
        db2.assignments.insert(2, vec![cave]);
        db2.assignments.insert(1, db.assignments[&1].clone());
        let best2 = |z| db2.best_map_at(7, (50.0, 50.0, z)).map(|(id, _)| id);
        assert_eq!(
            best2(None),
            Some(2),
            "without a height the detailed map wins"
        );
        assert_eq!(best2(Some(-20.0)), Some(2), "in the cave");
        assert_eq!(best2(Some(5.0)), Some(1), "above the cave");
    }
}
